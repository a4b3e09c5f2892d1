import { Activity, type ReactNode, useLayoutEffect, useRef } from 'react';
import { type UIMatch, useMatches, useOutlet } from 'react-router';
import { isRouteHandle, type RouteHandle, ScreenContext } from '../../lib/route-handle';

interface CachedScreen {
  element: ReactNode;
  handle: RouteHandle;
}

/**
 * Each screen scrolls inside its own frame. A kept-alive frame stays mounted while hidden, so the
 * screen keeps its state; its scroll offset is remembered while shown and put back when shown again,
 * because a hidden element loses its offset.
 */
function ScreenFrame({
  pathname,
  handle,
  isActive,
  children,
}: {
  pathname: string;
  handle: RouteHandle;
  isActive: boolean;
  children: ReactNode;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const scrollTop = useRef(0);

  useLayoutEffect(() => {
    // Writing scrollTop lays the page out at once (a long task on the first render); a frame shown
    // again starts at the top anyway, so only an offset below the top needs writing.
    if (isActive && frame.current && scrollTop.current > 0) frame.current.scrollTop = scrollTop.current;
  }, [isActive]);

  return (
    <div
      ref={frame}
      className="screen-frame"
      hidden={!isActive}
      onScroll={(event) => {
        if (isActive) scrollTop.current = event.currentTarget.scrollTop;
      }}
    >
      <ScreenContext.Provider value={{ handle, pathname, isActive }}>{children}</ScreenContext.Provider>
    </div>
  );
}

export function currentHandle(matches: UIMatch[]): RouteHandle {
  for (let position = matches.length - 1; position >= 0; position -= 1) {
    const handle = matches[position]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return { titleKey: 'route.notFound' };
}

/**
 * Renders the matched screen. Screens whose route meta says keepAlive stay mounted (inside React's
 * Activity, which pauses their effects) after the user leaves them, and come back as they were.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const pathname = leaf?.pathname ?? '/';
  const handle = currentHandle(matches);
  const cache = useRef(new Map<string, CachedScreen>());

  if (handle.keepAlive && outlet) cache.current.set(pathname, { element: outlet, handle });

  return (
    <>
      {[...cache.current].map(([cachedPath, screen]) => {
        const isActive = cachedPath === pathname;
        return (
          <Activity key={cachedPath} mode={isActive ? 'visible' : 'hidden'}>
            <ScreenFrame pathname={cachedPath} handle={screen.handle} isActive={isActive}>
              {screen.element}
            </ScreenFrame>
          </Activity>
        );
      })}
      {handle.keepAlive ? null : (
        <ScreenFrame key={pathname} pathname={pathname} handle={handle} isActive>
          {outlet}
        </ScreenFrame>
      )}
    </>
  );
}
