import { Input, type InputProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useState } from 'react';

// One rule for every count staff type (lots, shares, scores, bps, days): digits only. A decimal or
// any other character is refused with "must be a whole number", never rounded or stripped (antd's
// InputNumber with precision 0 turns 2.5 into 3 on blur). The rule itself is core's parseWholeNumber,
// the one the investor app uses.

import { parseWholeNumber } from '@nivesh/core';

export { parseWholeNumber, type WholeNumberResult } from '@nivesh/core';

type WholeNumberValue = number | string | null | undefined;

/**
 * A text input for a whole number inside a Form.Item: the form value is the number when the text is
 * a whole number, otherwise the text itself, which `wholeNumberRule` refuses.
 */
export function WholeNumberInput({
  value,
  onChange,
  ...props
}: Omit<InputProps, 'value' | 'onChange'> & {
  value?: WholeNumberValue;
  onChange?: (value: number | string | null) => void;
}) {
  const [text, setText] = useState(value === null || value === undefined ? '' : String(value));
  // Follow a value set by the form (initial values, reset) unless it is what the text already says.
  useEffect(() => {
    const outside = value === null || value === undefined ? '' : String(value);
    setText((current) => {
      const parsed = parseWholeNumber(current);
      const currentValue = parsed.ok ? String(parsed.value) : current;
      return currentValue === outside ? current : outside;
    });
  }, [value]);
  return (
    <Input
      inputMode="numeric"
      autoComplete="off"
      {...props}
      value={text}
      onChange={(event) => {
        const typed = event.target.value;
        setText(typed);
        const parsed = parseWholeNumber(typed);
        onChange?.(parsed.ok ? parsed.value : typed.trim() === '' ? null : typed);
      }}
    />
  );
}

/** The validation rule of a WholeNumberInput: a whole number, within min and max when given. */
export function wholeNumberRule({
  min,
  max,
  message,
}: {
  min?: number;
  max?: number;
  /** Said when the number is out of range; the default names the range. */
  message?: string;
}): Rule {
  const range =
    message ??
    (min !== undefined && max !== undefined
      ? `From ${min.toLocaleString('en-IN')} to ${max.toLocaleString('en-IN')}`
      : min !== undefined
        ? `At least ${min.toLocaleString('en-IN')}`
        : `At most ${max?.toLocaleString('en-IN')}`);
  return {
    validator: async (_rule, value: WholeNumberValue) => {
      if (value === null || value === undefined || value === '') return;
      if (typeof value === 'string') throw new Error('Must be a whole number');
      if ((min !== undefined && value < min) || (max !== undefined && value > max)) throw new Error(range);
    },
  };
}
