import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  CHART_ADJUSTMENTS,
  CHART_PERIODS,
  CHART_RANGES,
  type ChartAdjustment,
  type ChartSettings,
  MAIN_INDICATORS,
  type MainIndicator,
  SUB_INDICATORS,
  type SubIndicator,
} from './chart-settings';

interface ChartControlsProps {
  settings: ChartSettings;
  onChange: (settings: ChartSettings) => void;
  /** An index trades no volume and has no splits or dividends: no VOL, no adjustment. */
  isIndex?: boolean;
  /** A control at the end of the range chips (the full-screen toggle). */
  trailing?: ReactNode;
}

/** Period and range chips, and the adjustment and indicator choices, above the chart. */
export function ChartControls({ settings, onChange, isIndex = false, trailing }: ChartControlsProps) {
  const { t } = useTranslation();
  const adjustmentId = useId();
  const mainId = useId();
  const subId = useId();
  return (
    <div className="chart-controls">
      <fieldset className="chip-row">
        <legend className="visually-hidden">{t('market.chart.period')}</legend>
        {CHART_PERIODS.map((period) => {
          const isActive = !settings.range && settings.period === period;
          return (
            <button
              key={period}
              type="button"
              className={`chip${isActive ? ' chip--active' : ''}`}
              aria-pressed={isActive}
              onClick={() => onChange({ ...settings, period, range: null })}
            >
              {t(`market.chart.periods.${period}`)}
            </button>
          );
        })}
      </fieldset>
      <fieldset className="chip-row">
        <legend className="visually-hidden">{t('market.chart.range')}</legend>
        {CHART_RANGES.map((range) => {
          const isActive = settings.range === range;
          return (
            <button
              key={range}
              type="button"
              className={`chip${isActive ? ' chip--active' : ''}`}
              aria-pressed={isActive}
              onClick={() => onChange({ ...settings, range })}
            >
              {t(`market.chart.ranges.${range}`)}
            </button>
          );
        })}
        {trailing}
      </fieldset>
      <div className="select-row">
        {isIndex ? null : (
          <label className="select-field" htmlFor={adjustmentId}>
            <span>{t('market.chart.adjustment')}</span>
            <select
              id={adjustmentId}
              value={settings.adjustment}
              onChange={(event) =>
                onChange({ ...settings, adjustment: event.target.value as ChartAdjustment })
              }
            >
              {CHART_ADJUSTMENTS.map((adjustment) => (
                <option key={adjustment} value={adjustment}>
                  {t(`market.chart.adjustments.${adjustment}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        <label className="select-field" htmlFor={mainId}>
          <span>{t('market.chart.main')}</span>
          <select
            id={mainId}
            value={settings.main}
            onChange={(event) => onChange({ ...settings, main: event.target.value as MainIndicator })}
          >
            {MAIN_INDICATORS.map((indicator) => (
              <option key={indicator} value={indicator}>
                {indicator === 'none' ? t('market.chart.noIndicator') : indicator}
              </option>
            ))}
          </select>
        </label>
        <label className="select-field" htmlFor={subId}>
          <span>{t('market.chart.sub')}</span>
          <select
            id={subId}
            value={settings.sub}
            onChange={(event) => onChange({ ...settings, sub: event.target.value as SubIndicator })}
          >
            {SUB_INDICATORS.filter((indicator) => !(isIndex && indicator === 'VOL')).map((indicator) => (
              <option key={indicator} value={indicator}>
                {indicator === 'none' ? t('market.chart.noIndicator') : indicator}
              </option>
            ))}
          </select>
        </label>
      </div>
    </div>
  );
}
