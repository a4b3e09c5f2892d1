import { istDate, istMinutesOfDay } from '@nivesh/core';

/** A deadline as investors read it in a notice: `2026-11-25 17:00 IST`. */
export function formatIstDeadline(atMs: number): string {
  const minutes = istMinutesOfDay(atMs);
  const clock = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  return `${istDate(atMs)} ${clock} IST`;
}
