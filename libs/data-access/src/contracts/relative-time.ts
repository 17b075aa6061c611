/**
 * "3 days ago", "yesterday", "just now": how long ago something happened, as every list and
 * detail screen says it. A time in the future (clock skew between browser and server) reads as
 * now; no time at all reads as never; text that is not a date reads as nothing.
 */

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' });

export function timeAgo(when: string | Date | null | undefined, now: Date = new Date()): string {
  if (!when) return 'never';
  const elapsed = now.getTime() - new Date(when).getTime();
  if (Number.isNaN(elapsed)) return '';
  for (const [unit, size] of UNITS) {
    if (elapsed >= size) return relative.format(-Math.floor(elapsed / size), unit);
  }
  return 'just now';
}
