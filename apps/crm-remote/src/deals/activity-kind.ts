import type { ActivityType } from '@tessera/data-access/contracts';

/** The deal view shows four kinds (docs/product/deals.md): call, email, meeting, and other for the rest. */
export type ActivityKind = 'call' | 'email' | 'meeting' | 'other';

export function activityKind(type: ActivityType | string | null | undefined): ActivityKind {
  return type === 'call' || type === 'email' || type === 'meeting' ? type : 'other';
}

export const ACTIVITY_KIND_LABELS: Record<ActivityKind, string> = {
  call: 'Call',
  email: 'Email',
  meeting: 'Meeting',
  other: 'Other',
};

/** Human size of an uploaded file. */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Two letters of a person's name, for avatars. */
export function initialsOf(
  firstName: string | null | undefined,
  lastName: string | null | undefined,
): string {
  const letters = `${(firstName ?? '').trim().charAt(0)}${(lastName ?? '').trim().charAt(0)}`.toUpperCase();
  return letters || '?';
}
