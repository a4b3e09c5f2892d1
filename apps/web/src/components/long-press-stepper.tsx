import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LONG_PRESS_DELAY_MS, LONG_PRESS_REPEAT_MS } from '../lib/constants';
import { parseWholeNumber } from '../lib/whole-number';

interface LongPressStepperProps {
  /** The text as typed: kept as is (a decimal is refused by the form, never stripped here). */
  value: string;
  onChange: (value: string) => void;
  /** Defaults from the spec: min 1, step 1. */
  min?: number;
  max?: number;
  step?: number;
  label: string;
  disabled?: boolean;
  /** The refusal's element id, when the form shows one for this field. */
  errorId?: string;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * A whole-number stepper. Holding − or + repeats the step: after 600 ms, then every 200 ms,
 * until the finger lifts or the limit is reached. Typed text goes to the form unchanged; the form
 * refuses what is not a whole number (lib/whole-number.ts). A step from text that is not a whole
 * number starts again at the minimum.
 */
export function LongPressStepper({
  value,
  onChange,
  min = 1,
  max = Number.MAX_SAFE_INTEGER,
  step = 1,
  label,
  disabled = false,
  errorId,
}: LongPressStepperProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const parsed = parseWholeNumber(value);
  const numeric = parsed.ok ? parsed.value : undefined;
  const latestValue = useRef(numeric);
  latestValue.current = numeric;
  const timers = useRef<{ delay?: ReturnType<typeof setTimeout>; repeat?: ReturnType<typeof setInterval> }>(
    {},
  );
  const wasPointerPress = useRef(false);

  const stopRepeating = useCallback(() => {
    clearTimeout(timers.current.delay);
    clearInterval(timers.current.repeat);
    timers.current = {};
  }, []);
  useEffect(() => stopRepeating, [stopRepeating]);

  const applyStep = (direction: 1 | -1) => {
    const current = latestValue.current;
    const next = current === undefined ? min : clamp(current + direction * step, min, max);
    if (next === current) {
      stopRepeating();
      return;
    }
    latestValue.current = next;
    onChange(String(next));
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

  const buttonProps = (direction: 1 | -1) => ({
    type: 'button' as const,
    className: 'stepper__button',
    disabled: disabled || (numeric !== undefined && (direction === -1 ? numeric <= min : numeric >= max)),
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
        autoComplete="off"
        aria-label={label}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
      <button {...buttonProps(1)} aria-label={t('stepper.increase')} aria-controls={inputId}>
        +
      </button>
    </div>
  );
}
