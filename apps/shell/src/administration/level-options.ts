import {
  defaultLevelForRole,
  type InstitutionRole,
  ROLE_LABELS,
  type StoredAccessLevel,
} from '@tessera/data-access/contracts';
import type { SelectOption } from '@tessera/ui';

export const DEFAULT_LEVEL = 'default';

const LEVEL_LABELS: Record<StoredAccessLevel, string> = {
  none: 'None',
  read: 'Read',
  write: 'Write',
  admin: 'Admin',
};

/** The choices for one member on one module: the role's default first, then each level. */
export function levelOptions(role: InstitutionRole): SelectOption[] {
  return [
    { value: DEFAULT_LEVEL, label: `Role default (${LEVEL_LABELS[defaultLevelForRole(role)]})` },
    ...(Object.keys(LEVEL_LABELS) as StoredAccessLevel[]).map((level) => ({
      value: level,
      label: LEVEL_LABELS[level],
    })),
  ];
}

export function levelLabel(level: StoredAccessLevel): string {
  return LEVEL_LABELS[level];
}

export const ROLE_OPTIONS: SelectOption[] = (['owner', 'admin', 'member', 'viewer'] as const).map((role) => ({
  value: role,
  label: ROLE_LABELS[role],
}));
