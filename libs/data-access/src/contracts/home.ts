/**
 * The workspace home at /dashboard (docs/product/home.md): KPI tiles per module, what is due today
 * and overdue, recently viewed records. Each tile is declared here once; the API computes it and
 * the home shows it, each on its own.
 */

/** What a tile counts or sums over one submodule's records. */
export type HomeTileMeasure =
  /** Records with an enum field at one of these values. */
  | { kind: 'countWhere'; field: string; values: readonly string[] }
  /** The total of a money field, optionally over records at some enum values only. */
  | { kind: 'sum'; field: string; where?: { field: string; values: readonly string[] } }
  /**
   * Records on today: a date(-time) field on today, or with an end field, records whose stay
   * covers tonight (start on or before today, end after today). Records at `excluding` values
   * of `statusField` do not count.
   */
  | {
      kind: 'countToday';
      field: string;
      endField?: string;
      excluding?: { field: string; values: readonly string[] };
    };

export interface HomeTileDefinition {
  /** Unique across modules: `healthcare.appointments-today`. */
  id: string;
  moduleId: string;
  submoduleId: string;
  label: string;
  measure: HomeTileMeasure;
}

/** The records modules' tiles; the CRM's (pipeline value, won deals) come from its analytics. */
export const HOME_TILES: readonly HomeTileDefinition[] = [
  {
    id: 'healthcare.appointments-today',
    moduleId: 'healthcare',
    submoduleId: 'appointments',
    label: 'Today’s appointments',
    measure: {
      kind: 'countToday',
      field: 'start_time',
      excluding: { field: 'status', values: ['cancelled', 'no_show'] },
    },
  },
  {
    id: 'hotel.occupancy-tonight',
    moduleId: 'hotel',
    submoduleId: 'reservations',
    label: 'Occupancy tonight',
    measure: {
      kind: 'countToday',
      field: 'check_in',
      endField: 'check_out',
      excluding: { field: 'status', values: ['cancelled', 'checked_out'] },
    },
  },
  {
    id: 'finance.open-invoices',
    moduleId: 'finance',
    submoduleId: 'invoicing',
    label: 'Open invoices',
    measure: { kind: 'countWhere', field: 'status', values: ['sent', 'overdue'] },
  },
  {
    id: 'finance.outstanding',
    moduleId: 'finance',
    submoduleId: 'invoicing',
    label: 'Outstanding amount',
    measure: { kind: 'sum', field: 'amount', where: { field: 'status', values: ['sent', 'overdue'] } },
  },
  {
    id: 'project.open-tasks',
    moduleId: 'project',
    submoduleId: 'tasks',
    label: 'Open tasks',
    measure: { kind: 'countWhere', field: 'status', values: ['todo', 'in_progress', 'review'] },
  },
];

export function findHomeTile(id: string): HomeTileDefinition | undefined {
  return HOME_TILES.find((tile) => tile.id === id);
}

/** The tiles of the modules the user can read, in catalogue order of HOME_TILES. */
export function homeTilesFor(canRead: (moduleId: string) => boolean): HomeTileDefinition[] {
  return HOME_TILES.filter((tile) => canRead(tile.moduleId));
}

/**
 * Where a tile leads: its submodule's list, filtered as the tile counts when the list can say so
 * (`?view=table&f=status:sent&f=status:overdue`).
 */
export function homeTileLink(tile: HomeTileDefinition): string {
  const base = `/modules/${tile.moduleId}/${tile.submoduleId}`;
  const where =
    tile.measure.kind === 'countWhere'
      ? { field: tile.measure.field, values: tile.measure.values }
      : tile.measure.kind === 'sum'
        ? tile.measure.where
        : undefined;
  if (!where) return base;
  const filters = where.values.map((value) => `f=${encodeURIComponent(`${where.field}:${value}`)}`);
  return `${base}?view=table&${filters.join('&')}`;
}

/** GET /api/home/tiles/:tileId. */
export interface HomeTileValue {
  id: string;
  label: string;
  value: number;
  format: 'number' | 'money';
}

/** One record due today or overdue, owned by the caller. */
export interface DueItem {
  moduleId: string;
  submoduleId: string;
  /** The submodule's entity word ("Invoice", "Task"). */
  entityName: string;
  id: string;
  title: string;
  /** `YYYY-MM-DD`. */
  due: string;
  overdue: boolean;
}

/** GET /api/home/due: the caller's due items across the modules they can read, most overdue first. */
export interface DueList {
  items: DueItem[];
  /** More were due than listed. */
  truncated: boolean;
}

/** A record the caller opened, newest first (GET /api/home/recently-viewed). */
export interface RecentlyViewedRecord {
  moduleId: string;
  submoduleId: string;
  recordId: string;
  title: string;
  /** Where it opens in the app. */
  path: string;
  viewed_at: string;
}

export const RECENTLY_VIEWED_SHOWN = 10;

/** The CRM pages whose visits count as views (POST /api/home/recently-viewed): a deal's and a company's. */
export const RECENTLY_VIEWED_CRM_ENTITIES = ['deals', 'companies'] as const;
export type RecentlyViewedCrmEntity = (typeof RECENTLY_VIEWED_CRM_ENTITIES)[number];

export interface CrmViewInput {
  entity: RecentlyViewedCrmEntity;
  id: string;
}
