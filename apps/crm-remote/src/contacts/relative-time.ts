/** The units a relative time is told in, largest first, with their length in ms. */
export const TIME_UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const format = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

/** "3 days ago", "yesterday", "just now": the contacts list's added/updated times. */
export function relativeTime(value: string | Date, now: Date): string {
  const diff = new Date(value).getTime() - now.getTime();
  if (Number.isNaN(diff)) return '';
  if (Math.abs(diff) < 60_000) return 'just now';
  for (const [unit, ms] of TIME_UNITS) {
    if (Math.abs(diff) >= ms) return format.format(Math.round(diff / ms), unit);
  }
  return 'just now';
}
