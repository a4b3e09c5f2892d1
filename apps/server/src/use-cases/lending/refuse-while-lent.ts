import { istDate, istMinutesOfDay } from '@nivesh/core';
import { AppError } from '../../application/app-error.js';

/**
 * The close flow's one answer from securities lending: a holding with a lending in progress is
 * locked, whole, until the term ends (ADR 0006 closes whole positions only, so lending part of a
 * holding locks all of it). The check itself runs in the close's statement (close_holding,
 * migration 0020), after the position row is locked: a new lending locks the same row, so a lending
 * cannot start between the check and the close. The refusal names the term end.
 */
export function lentRefusal(termEndsAtMs: number): AppError {
  return new AppError('POSITION_LENT', { until: formatIstDateTime(termEndsAtMs) });
}

/**
 * An IST wall-clock time for messages, `YYYY-MM-DD HH:MM`.
 *
 * Example: `formatIstDateTime(Date.UTC(2026, 10, 30, 4, 30))` is `'2026-11-30 10:00'`.
 */
function formatIstDateTime(atMs: number): string {
  const minutes = istMinutesOfDay(atMs);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${istDate(atMs)} ${hh}:${mm}`;
}
