import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Rooms and physicians became catalogue records that other records reference
 * (docs/product/industry-records.md#references-and-related-records). Records written before hold
 * the room or the doctor as text ("204", "Dr. Helen Park"): for each scope (an institution, or an
 * owner without one) every distinct text becomes a room or a physician record (compared trimmed,
 * ignoring case, as the old rules compared them) and the referring fields take its id. What the
 * text cannot tell (a room's type, a physician's specialty) stays empty for people to fill in.
 */

const UUID_TEXT = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';

interface TextReference {
  submoduleId: string;
  field: string;
}

export interface CatalogueTarget {
  moduleId: string;
  submoduleId: string;
  /** The target's title field, which the text becomes. */
  titleKey: string;
  /** The other fields of a new target record, as SQL over `{name}` and `{rate}` of the grouped texts. */
  data: string;
  sources: readonly TextReference[];
}

/** A room made from the text of a record that named it: the highest rate its reservations were booked at, the floor a number like 204 names. */
export const ROOM_FROM_TEXT = `jsonb_build_object('room_type', NULL, 'floor', substring({name} from '^(\\d{1,2})\\d{2}$')::int,
      'capacity', NULL, 'nightly_rate', {rate}, 'status', 'available')`;

const TARGETS: readonly CatalogueTarget[] = [
  {
    moduleId: 'hotel',
    submoduleId: 'rooms',
    titleKey: 'room_number',
    data: ROOM_FROM_TEXT,
    sources: [
      { submoduleId: 'reservations', field: 'room' },
      { submoduleId: 'guest-services', field: 'room' },
      { submoduleId: 'concierge', field: 'room' },
    ],
  },
  {
    moduleId: 'healthcare',
    submoduleId: 'physicians',
    titleKey: 'full_name',
    data: `jsonb_build_object('specialty', NULL, 'license_number', NULL, 'email', NULL, 'phone', NULL,
      'status', 'active')`,
    sources: [
      { submoduleId: 'appointments', field: 'physician' },
      { submoduleId: 'telemedicine', field: 'clinician' },
      { submoduleId: 'pharmacy', field: 'prescribed_by' },
      { submoduleId: 'patients', field: 'primary_physician' },
    ],
  },
];

type Query = (sql: string, params?: unknown[]) => Promise<unknown>;

/** Turns the text references of every target's sources into records and points the sources at them. */
export async function linkTextReferences(
  query: Query,
  targets: readonly CatalogueTarget[] = TARGETS,
): Promise<void> {
  for (const target of targets) {
    const texts = target.sources
      .map(
        (_source, index) => `
        SELECT org_id, owner_id, btrim(data->>$${2 * index + 3}::text) AS name,
          CASE WHEN jsonb_typeof(data->'nightly_rate') = 'number' THEN (data->>'nightly_rate')::numeric END AS rate
        FROM records
        WHERE module_id = $1 AND submodule_id = $${2 * index + 4}::text
          AND COALESCE(btrim(data->>$${2 * index + 3}::text), '') <> ''
          AND NOT (data->>$${2 * index + 3}::text ~* '${UUID_TEXT}')`,
      )
      .join(' UNION ALL ');
    const sourceParams = target.sources.flatMap((source) => [source.field, source.submoduleId]);
    await query(
      `WITH texts AS (${texts}),
       grouped AS (
         SELECT org_id, min(owner_id::text)::uuid AS owner_id, min(name) AS name, max(rate) AS rate
         FROM texts
         GROUP BY org_id, CASE WHEN org_id IS NULL THEN owner_id END, lower(name)
       )
       INSERT INTO records (org_id, owner_id, module_id, submodule_id, data, title, search_text)
       SELECT g.org_id, g.owner_id, $1, $2,
         jsonb_build_object('${target.titleKey}', g.name) || ${target.data.replaceAll('{name}', 'g.name').replaceAll('{rate}', 'g.rate')},
         g.name, lower(g.name || ' ' || g.name)
       FROM grouped g
       WHERE NOT EXISTS (
         SELECT 1 FROM records t
         WHERE t.module_id = $1 AND t.submodule_id = $2
           AND t.org_id IS NOT DISTINCT FROM g.org_id AND (g.org_id IS NOT NULL OR t.owner_id = g.owner_id)
           AND lower(btrim(t.data->>'${target.titleKey}')) = lower(g.name)
       )`,
      [target.moduleId, target.submoduleId, ...sourceParams],
    );
    for (const source of target.sources) {
      await query(
        `UPDATE records r SET data = jsonb_set(r.data, ARRAY[$3::text], to_jsonb(t.id::text))
         FROM records t
         WHERE r.module_id = $1 AND r.submodule_id = $4::text AND t.module_id = $1 AND t.submodule_id = $2
           AND r.org_id IS NOT DISTINCT FROM t.org_id AND (r.org_id IS NOT NULL OR r.owner_id = t.owner_id)
           AND COALESCE(btrim(r.data->>$3::text), '') <> '' AND NOT (r.data->>$3::text ~* '${UUID_TEXT}')
           AND lower(btrim(r.data->>$3::text)) = lower(btrim(t.data->>'${target.titleKey}'))`,
        [target.moduleId, target.submoduleId, source.field, source.submoduleId],
      );
    }
  }
}

export class CatalogueReferences1733570000000 implements MigrationInterface {
  name = 'CatalogueReferences1733570000000';

  async up(q: QueryRunner): Promise<void> {
    await linkTextReferences((sql, params) => q.query(sql, params));
  }

  async down(): Promise<void> {
    // The references stay: the ids cannot be told back into the texts people typed.
  }
}
