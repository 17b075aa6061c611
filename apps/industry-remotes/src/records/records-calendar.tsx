import {
  findField,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
} from '@tessera/data-access/contracts';
import { Button, TextLink, VisuallyHidden } from '@tessera/ui';
import { useMemo } from 'react';
import styled from 'styled-components';
import {
  type CalendarMonth,
  calendarWeeks,
  monthParam,
  shownMonth,
  placeOnCalendar,
  shiftMonth,
  weekdayNames,
} from './calendar-month';
import { dayKeyOf } from './format-value';

const Nav = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
  margin-bottom: ${({ theme }) => theme.space(3)};
  h3 { margin: 0 auto 0 0; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Grid = styled.table`
  width: 100%;
  table-layout: fixed;
  border-collapse: collapse;
  font-size: ${({ theme }) => theme.font.size.sm};
  th {
    padding: 6px;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-align: left;
  }
  td {
    border: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
    height: 112px;
    padding: 4px;
    background: ${({ theme }) => theme.colors.surface};
  }
  td[data-outside='true'] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.textMuted}; }
  td[data-today='true'] .day { background: ${({ theme }) => theme.colors.primary}; color: ${({ theme }) => theme.colors.primaryText}; }
  .day {
    display: inline-block;
    min-width: 22px;
    padding: 0 4px;
    border-radius: ${({ theme }) => theme.radii.full};
    font-weight: 600;
    text-align: center;
  }
  ul { list-style: none; margin: 4px 0 0; padding: 0; display: grid; gap: 2px; max-height: 84px; overflow-y: auto; }
  li a {
    display: block;
    /* WCAG 2.2 target size: each entry 24 px tall. */
    min-height: 24px;
    line-height: 22px;
    padding: 1px 4px;
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.primaryMuted};
    font-weight: 500;
    white-space: nowrap;
    overflow: hidden;
    text-overflow: ellipsis;
  }
`;

/** The first day of the week in the user's locale, where the browser says (Monday in most of Europe). */
function localeWeekStart(): number {
  try {
    const locale = new Intl.Locale(navigator.language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
    return firstDay === undefined ? 0 : firstDay % 7;
  } catch {
    return 0;
  }
}

export interface RecordsCalendarProps {
  schema: RecordSchema;
  page: RecordPage | undefined;
  /** `YYYY-MM` from the URL; empty is the current month. */
  month: string;
  onMonthChange: (month: string) => void;
  detailPath: (record: RecordItem) => string;
}

/** A month grid: each record on its local day (and through its end day when the schema has one). */
export function RecordsCalendar({ schema, page, month, onMonthChange, detailPath }: RecordsCalendarProps) {
  const startField = schema.calendarField ? findField(schema, schema.calendarField) : undefined;
  const type = startField?.type === 'dateTime' ? 'dateTime' : 'date';
  const shown: CalendarMonth = shownMonth(month);
  const weekStartsOn = useMemo(localeWeekStart, []);
  const weeks = calendarWeeks(shown, weekStartsOn);
  const placed = useMemo(
    () =>
      schema.calendarField
        ? placeOnCalendar(page?.rows ?? [], schema.calendarField, schema.calendarEndField, type)
        : new Map<string, RecordItem[]>(),
    [page, schema.calendarField, schema.calendarEndField, type],
  );
  if (!startField) return null;
  const title = new Date(shown.year, shown.month, 1).toLocaleDateString(undefined, {
    month: 'long',
    year: 'numeric',
  });
  const todayKey = dayKeyOf(new Date());
  const timeOf = (record: RecordItem) =>
    type === 'dateTime' && typeof record.data[startField.key] === 'string'
      ? new Date(String(record.data[startField.key])).toLocaleTimeString(undefined, {
          hour: 'numeric',
          minute: '2-digit',
        })
      : null;

  return (
    <section aria-label={`${schema.entityNamePlural} calendar`}>
      <Nav>
        <h3 aria-live="polite">{title}</h3>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => onMonthChange(monthParam(shiftMonth(shown, -1)))}
        >
          <span aria-hidden="true">‹</span> Previous month
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onMonthChange('')}>
          Today
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onMonthChange(monthParam(shiftMonth(shown, 1)))}>
          Next month <span aria-hidden="true">›</span>
        </Button>
      </Nav>
      <Grid>
        <caption>
          <VisuallyHidden>
            {schema.entityNamePlural} by {startField.label.toLowerCase()}, {title}
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            {weekdayNames(weekStartsOn, undefined, 'short').map((name, index) => (
              <th key={name} scope="col" abbr={weekdayNames(weekStartsOn, undefined, 'long')[index]}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0].key}>
              {week.map((day) => {
                const records = placed.get(day.key) ?? [];
                const dayLabel = day.date.toLocaleDateString(undefined, { dateStyle: 'full' });
                return (
                  <td key={day.key} data-outside={!day.inMonth} data-today={day.key === todayKey}>
                    <span className="day">
                      <span aria-hidden="true">{day.date.getDate()}</span>
                      <VisuallyHidden>{dayLabel}</VisuallyHidden>
                    </span>
                    {records.length > 0 ? (
                      <ul>
                        {records.map((record) => {
                          const time = timeOf(record);
                          return (
                            <li key={record.id}>
                              <TextLink to={detailPath(record)} title={record.title}>
                                {time ? `${time} ` : ''}
                                {record.title}
                              </TextLink>
                            </li>
                          );
                        })}
                      </ul>
                    ) : null}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </Grid>
    </section>
  );
}
