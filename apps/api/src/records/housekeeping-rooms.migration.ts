import type { MigrationInterface, QueryRunner } from 'typeorm';
import { linkTextReferences, ROOM_FROM_TEXT } from './catalogue-references.migration';

/*
 * Housekeeping tasks point at their room record too (docs/product/industry-records.md#references-and-related-records).
 * A task kept from before names its room as text, which is also its title: the text is kept as the
 * task's Room number (the title field now, read from the room), then the room becomes a room record
 * (found by number, or made like catalogue-references.migration.ts makes them) and the task points at it.
 */
export class HousekeepingRooms1733598000000 implements MigrationInterface {
  name = 'HousekeepingRooms1733598000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      UPDATE records SET data = data || jsonb_build_object('room_number', btrim(data->>'room'))
       WHERE module_id = 'hotel' AND submodule_id = 'housekeeping'
         AND COALESCE(btrim(data->>'room'), '') <> ''
         AND NOT (data->>'room' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$')`);
    await linkTextReferences(
      (sql, params) => q.query(sql, params),
      [
        {
          moduleId: 'hotel',
          submoduleId: 'rooms',
          titleKey: 'room_number',
          data: ROOM_FROM_TEXT,
          sources: [{ submoduleId: 'housekeeping', field: 'room' }],
        },
      ],
    );
  }

  async down(): Promise<void> {
    // The references stay: the ids cannot be told back into the texts people typed.
  }
}
