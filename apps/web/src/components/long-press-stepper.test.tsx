import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../test/render';
import { LongPressStepper } from './long-press-stepper';

function Harness({ max }: { max?: number }) {
  const [value, setValue] = useState('1');
  return <LongPressStepper value={value} onChange={setValue} label="Lots" {...(max ? { max } : {})} />;
}

afterEach(() => vi.useRealTimers());

describe('LongPressStepper', () => {
  it('steps once on a tap and repeats after 600 ms, then every 200 ms, while held', async () => {
    await renderWithApp(<Harness />);
    vi.useFakeTimers();
    const increase = screen.getByRole('button', { name: 'Increase' });
    const input = screen.getByLabelText('Lots') as HTMLInputElement;

    fireEvent.pointerDown(increase);
    expect(input.value).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(599));
    expect(input.value).toBe('2');
    await act(() => vi.advanceTimersByTimeAsync(201));
    expect(input.value).toBe('3');
    await act(() => vi.advanceTimersByTimeAsync(400));
    expect(input.value).toBe('5');
    fireEvent.pointerUp(increase);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(input.value).toBe('5');
  });

  it('stops at its limits: min 1 by default, and max', async () => {
    await renderWithApp(<Harness max={3} />);
    vi.useFakeTimers();
    const decrease = screen.getByRole('button', { name: 'Decrease' }) as HTMLButtonElement;
    expect(decrease.disabled).toBe(true);
    const increase = screen.getByRole('button', { name: 'Increase' });
    fireEvent.pointerDown(increase);
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    fireEvent.pointerUp(increase);
    expect((screen.getByLabelText('Lots') as HTMLInputElement).value).toBe('3');
  });

  it('keeps typed text as is: a decimal is not stripped into another number', async () => {
    await renderWithApp(<Harness />);
    const input = screen.getByLabelText('Lots') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '2.5' } });
    fireEvent.blur(input);
    expect(input.value).toBe('2.5');
    fireEvent.click(screen.getByRole('button', { name: 'Increase' }));
    expect(input.value).toBe('1');
  });
});
