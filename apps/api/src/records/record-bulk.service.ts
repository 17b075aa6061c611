import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type RecordItem, type RecordSchema, validateRecord } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { RecordEntity } from './record.entity';
import { RecordReferencesService } from './record-references.service';
import { invalidRecord, RecordScope, recordItem, type SubmoduleRef, UUID } from './record-scope.service';
import { editedItem, RecordWritesService } from './record-writes.service';

/** Many records of a list at once: one change or one deletion for all of them, all or nothing. */
@Injectable()
export class RecordBulkService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: RecordScope,
    private readonly references: RecordReferencesService,
    private readonly writes: RecordWritesService,
  ) {}

  /**
   * Sets the same values on many records in one transaction: every id must be a record of this
   * submodule in scope and every record must stay valid, or nothing changes.
   */
  async bulkUpdate(
    scope: TenantScope,
    ref: SubmoduleRef,
    ids: readonly string[],
    input: Record<string, unknown>,
  ): Promise<number> {
    const schema = this.records.schemaFor(ref);
    const patch = validateRecord(schema, input, { partial: true });
    if (!patch.ok) throw invalidRecord(patch.errors);
    if (Object.keys(patch.value).length === 0) throw invalidRecord({ data: 'Choose a value to set' });
    await this.references.assertReferences(scope, schema, [patch.value]);
    return this.dataSource.transaction(async (manager) => {
      const existing = await this.lockAll(manager, scope, ref, schema, ids);
      const edited: RecordItem[] = [];
      for (const record of existing) {
        const merged = validateRecord(schema, { ...record.data, ...patch.value });
        if (!merged.ok) {
          throw invalidRecord(
            Object.fromEntries(
              Object.entries(merged.errors).map(([key, message]) => [key, `${record.title}: ${message}`]),
            ),
          );
        }
        const values = await this.references.asEdited(manager, scope, schema, record.data, merged.value);
        await this.writes.store(manager, schema, record.id, values);
        edited.push(editedItem(schema, record, values));
      }
      await this.writes.tellWebhooks(manager, scope.institutionId, ref, 'record.updated', edited);
      return existing.length;
    });
  }

  /**
   * Deletes many records in one transaction; refused as a whole while other records (outside the
   * selection) still reference one of them.
   */
  async bulkRemove(scope: TenantScope, ref: SubmoduleRef, ids: readonly string[]): Promise<number> {
    const schema = this.records.schemaFor(ref);
    return this.dataSource.transaction(async (manager) => {
      const existing = await this.lockAll(manager, scope, ref, schema, ids);
      const chosen = existing.map((record) => record.id);
      const referencing = await this.references.countReferencing(scope, ref, chosen, manager);
      if (referencing.total > 0) {
        throw new ConflictError(
          `These ${schema.entityNamePlural.toLowerCase()} are used by ${referencing.total} other record${referencing.total === 1 ? '' : 's'} (${referencing.where.join(', ')}). Change or delete those first.`,
        );
      }
      await manager.getRepository(RecordEntity).delete(chosen);
      await this.writes.tellWebhooks(manager, scope.institutionId, ref, 'record.deleted', () =>
        existing.map((record) => recordItem(schema, record)),
      );
      return chosen.length;
    });
  }

  /** The listed records of this submodule in scope, locked for the transaction; any missing one is a 404. */
  private async lockAll(
    manager: EntityManager,
    scope: TenantScope,
    ref: SubmoduleRef,
    schema: RecordSchema,
    ids: readonly string[],
  ): Promise<RecordEntity[]> {
    const unique = [...new Set(ids)];
    const valid = unique.filter((id) => UUID.test(id));
    const found = valid.length
      ? await this.records
          .scopedQuery(scope, ref, manager)
          .andWhere('record.id IN (:...ids)', { ids: valid })
          .orderBy('record.id')
          .setLock('pessimistic_write')
          .getMany()
      : [];
    if (found.length !== unique.length) {
      const missing = unique.length - found.length;
      throw new NotFoundError(
        missing === 1 ? schema.entityName : `${missing} of the ${schema.entityNamePlural.toLowerCase()}`,
      );
    }
    return found;
  }
}
