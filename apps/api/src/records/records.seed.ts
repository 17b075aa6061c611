import { findModule, recordSchemasInSeedOrder } from '@tessera/data-access/contracts';
import { seedRecordsFor } from '@tessera/data-access/demo-data';
import type { DemoSeeder } from '../database/seed/demo-seed-context';
import { recordSearchText, recordTitle } from './record-text';

/** How many demo records a submodule gets: enough for tables, boards and calendars to mean something. */
const RECORDS_PER_SUBMODULE = 24;

/**
 * Realistic records for every record-keeping submodule of the modules each demo institution has,
 * referenced submodules first so references point at real records of the same institution.
 */
export const seedDemoRecords: DemoSeeder = async ({ manager, institutions, owners, today }) => {
  const todayText = today.toISOString().slice(0, 10);
  for (const [slug, institution] of Object.entries(institutions)) {
    const [row]: Array<{ modules_included: string[] }> = await manager.query(
      `SELECT modules_included FROM institutions WHERE id = $1`,
      [institution.id],
    );
    const enabled = new Set(row?.modules_included ?? []);
    const ownerId = owners[slug as keyof typeof owners][0];
    if (!ownerId) continue;
    const ids = new Map<string, string[]>();
    for (const schema of recordSchemasInSeedOrder()) {
      if (!enabled.has(schema.moduleId) || !findModule(schema.moduleId)) continue;
      const values = seedRecordsFor(schema, {
        count: RECORDS_PER_SUBMODULE,
        seed: `${slug}-demo`,
        institutionName: institution.name,
        today: todayText,
        resolveReference: (moduleId, submoduleId, index) => {
          const pool = ids.get(`${moduleId}/${submoduleId}`) ?? [];
          return pool.length ? (pool[index % pool.length] ?? null) : null;
        },
      });
      const inserted: Array<{ id: string }> = await manager.query(
        `INSERT INTO records (org_id, owner_id, module_id, submodule_id, data, title, search_text, created_at)
         SELECT $1, $2, $3, $4, d.data, d.title, d.search_text, now() - make_interval(hours => d.age)
         FROM unnest($5::jsonb[], $6::text[], $7::text[], $8::int[]) AS d(data, title, search_text, age)
         RETURNING id`,
        [
          institution.id,
          ownerId,
          schema.moduleId,
          schema.submoduleId,
          values.map((value) => JSON.stringify(value)),
          values.map((value) => recordTitle(schema, value)),
          values.map((value) => recordSearchText(schema, value)),
          values.map((_, index) => (values.length - index) * 7),
        ],
      );
      ids.set(
        `${schema.moduleId}/${schema.submoduleId}`,
        inserted.map((record) => record.id),
      );
    }
  }
};
