import { useTranslation } from 'react-i18next';
import { CheckIcon } from '../../components/icons';
import { localeOf } from '../../lib/date-time';

/** Days of the month of `today` (YYYY-MM-DD), padded to whole Monday-first weeks with nulls. */
export function monthGrid(today: string): (string | null)[] {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  // getUTCDay: Sunday 0 … Saturday 6; the calendar starts on Monday as Indian calendars usually do.
  const leading = (new Date(Date.UTC(year, month - 1, 1)).getUTCDay() + 6) % 7;
  const cells: (string | null)[] = Array.from({ length: leading }, () => null);
  for (let day = 1; day <= daysInMonth; day += 1) {
    cells.push(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
  }
  while (cells.length % 7 !== 0) cells.push(null);
  return cells;
}

/**
 * The month of the server's IST `today`, with the checked-in days marked. Dates are the server's
 * IST dates as strings, so the phone's own time zone never moves a mark to another day.
 */
export function MonthCalendar({ today, checkedDays }: { today: string; checkedDays: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const checked = new Set(checkedDays);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const monthLabel = new Intl.DateTimeFormat(localeOf(i18n.language), {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
  const weekday = new Intl.DateTimeFormat(localeOf(i18n.language), { weekday: 'narrow', timeZone: 'UTC' });
  // 2026-11-23 is a Monday: the seven days from it name the columns.
  const weekdays = Array.from({ length: 7 }, (_, index) =>
    weekday.format(new Date(Date.UTC(2026, 10, 23 + index))),
  );
  const cells = monthGrid(today);
  const weeks = Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7));
  const dayLabel = new Intl.DateTimeFormat(localeOf(i18n.language), { dateStyle: 'long', timeZone: 'UTC' });

  return (
    <section className="card checkin-calendar" aria-label={t('checkin.calendarLabel', { month: monthLabel })}>
      <h2 className="checkin-calendar__month">{monthLabel}</h2>
      <table className="checkin-calendar__grid">
        <thead>
          <tr>
            {weekdays.map((name, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the seven columns never reorder.
              <th key={index} scope="col" className="checkin-calendar__weekday">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((days, week) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: weeks of a fixed month never reorder.
            <tr key={week}>
              {days.map((day, index) => {
                // biome-ignore lint/suspicious/noArrayIndexKey: empty padding cells.
                if (day === null) return <td key={`pad-${index}`} />;
                const isChecked = checked.has(day);
                const isToday = day === today;
                const [y, m, d] = day.split('-').map(Number) as [number, number, number];
                const label = dayLabel.format(new Date(Date.UTC(y, m - 1, d)));
                return (
                  <td key={day} aria-current={isToday ? 'date' : undefined}>
                    <span
                      className={`checkin-calendar__day${isChecked ? ' checkin-calendar__day--checked' : ''}${isToday ? ' checkin-calendar__day--today' : ''}`}
                      title={isChecked ? t('checkin.dayChecked', { date: label }) : label}
                      data-day={day}
                      data-checked={isChecked ? 'true' : undefined}
                    >
                      {isChecked ? <CheckIcon size={12} aria-hidden="true" /> : null}
                      <span aria-hidden="true">{d}</span>
                      <span className="visually-hidden">
                        {isChecked ? t('checkin.dayChecked', { date: label }) : label}
                      </span>
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
