import type { ReactNode } from 'react';

interface TabStripProps<Tab extends string> {
  /** What the tabs choose between, for screen readers. */
  label: string;
  tabs: readonly Tab[];
  selected: Tab | undefined;
  onSelect: (tab: Tab) => void;
  /** The text of a tab. */
  labelOf: (tab: Tab) => ReactNode;
  /** The strip's class: its tabs are `${block}__tab`, the chosen one also `${block}__tab--active`. */
  block?: string;
  /** A modifier class of the strip, such as `tab-strip--compact`. */
  modifier?: string;
  /** Called as a touch starts on a tab, before its click (to start loading what the tab shows). */
  onTabPointerDown?: (tab: Tab) => void;
  /** The id of each tab, where a tab panel names the tab that labels it. */
  tabId?: (tab: Tab) => string;
  /** The id of the tab panel the tabs control. */
  panelId?: string;
}

/** A row of tabs (role tablist) of which one is chosen. */
export function TabStrip<Tab extends string>({
  label,
  tabs,
  selected,
  onSelect,
  labelOf,
  block = 'tab-strip',
  modifier,
  onTabPointerDown,
  tabId,
  panelId,
}: TabStripProps<Tab>) {
  return (
    <div className={modifier ? `${block} ${modifier}` : block} role="tablist" aria-label={label}>
      {tabs.map((tab) => (
        <button
          key={tab}
          type="button"
          role="tab"
          id={tabId?.(tab)}
          aria-selected={tab === selected}
          aria-controls={panelId}
          className={`${block}__tab${tab === selected ? ` ${block}__tab--active` : ''}`}
          onPointerDown={onTabPointerDown ? () => onTabPointerDown(tab) : undefined}
          onClick={() => onSelect(tab)}
        >
          {labelOf(tab)}
        </button>
      ))}
    </div>
  );
}
