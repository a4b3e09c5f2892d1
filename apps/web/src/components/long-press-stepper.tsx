import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LONG_PRESS_DELAY_MS, LONG_PRESS_REPEAT_MS } from '../lib/constants';

interface LongPressStepperProps {
  value: number;
  onChange: (value: number) => void;
  /** Defaults from the spec: min 1, step 1. */
  min?: number;
  max?: number;
  step?: number;
  label: string;
  disabled?: boolean;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * A whole-number stepper. Holding − or + repeats the step: after 600 ms, then every 200 ms,
 * until the finger lifts or the limit is reached.
 */
export function LongPressStepper({
  value,
  onChange,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  step = 1,
  label,
  disabled = false,
}: LongPressStepperProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const latestValue = useRef(value);
  latestValue.current = value;
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>(
    {},
  );
  const wasPointerPress = useRef(false);
  const [draft, setDraft] = useState(String(value));

  useEffect(() => setDraft(String(value)), [value]);

  const stopRepeating = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
    timers.current = {};
  }, []);
  useEffect(() => stopRepeating, [stopRepeating]);

  const applyStep = (direction: 1 | -1) => {
    const next = clamp(latestValue.current + direction * step, min, max);
    if (next === latestValue.current) {
      stopRepeating();
      return;
    }
    latestValue.current = next;
    onChange(next);
  };

  const startPress = (direction: 1 | -1) => {
    wasPointerPress.current = true;
    stopRepeating();
    applyStep(direction);
    timers.current.delay = setTimeout(() => {
      timers.current.repeat = setInterval(() => applyStep(direction), LONG_PRESS_REPEAT_MS);
    }, LONG_PRESS_DELAY_MS);
  };

  // Keyboard activation arrives as a click without a pointer press before it.
  const handleClick = (direction: 1 | -1) => {
    if (wasPointerPress.current) {
      wasPointerPress.current = false;
      return;
    }
    applyStep(direction);
  };

  const commitDraft = () => {
    const parsed = Number.parseInt(draft, 10);
    const next = Number.isFinite(parsed) ? clamp(parsed, min, max) : value;
    setDraft(String(next));
    if (next !== value) onChange(next);
  };

  const buttonProps = (direction: 1 | -1) => ({
    type: 'button' as const,
    className: 'stepper__button',
    disabled: disabled || (direction === -1 ? value <= min : value >= max),
    onPointerDown: (event: React.PointerEvent) => {
      event.preventDefault();
      startPress(direction);
    },
    onPointerUp: stopRepeating,
    onPointerLeave: stopRepeating,
    onPointerCancel: stopRepeating,
    onClick: () => handleClick(direction),
    onContextMenu: (event: React.MouseEvent) => event.preventDefault(),
  });

  return (
    <div className="stepper">
      <button {...buttonProps(-1)} aria-label={t('stepper.decrease')} aria-controls={inputId}>
        −
      </button>
      <input
        id={inputId}
        className="stepper__input"
        inputMode="numeric"
        pattern="[0-9]*"
        aria-label={label}
        value={draft}
        disabled={disabled}
        onChange={(event) => setDraft(event.target.value.replace(/\D/g, ''))}
        onBlur={commitDraft}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commitDraft();
        }}
      />
      <button {...buttonProps(1)} aria-label={t('stepper.increase')} aria-controls={inputId}>
        +
      </button>
    </div>
  );
}
