import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrossRecordRule,
  crossRecordRules,
  holdsSlot,
  overlapConflictMessage,
  type RecordItem,
  type RecordSchema,
  type RecordValues,
  slotOf,
  slotsOverlap,
  uniqueConflictMessage,
  uniqueKeyOf,
  validateRecord,
  withDerivedValues,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { RowOwner } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { ConflictError, NotFoundError } from '../common/domain-errors';
import { RecordEntity } from './record.entity';
import { RecordReferencesService } from './record-references.service';
import {
  invalidRecord,
  type RecordRow,
  RecordScope,
  recordItem,
  type SubmoduleRef,
} from './record-scope.service';
import { recordSearchText, recordTitle } from './record-text';
import { WebhookEvents } from '../integrations/webhook-events.service';

/** A record as it answers once `values` are stored over `existing`: one version on. */
export function editedItem(schema: RecordSchema, existing: RecordRow, values: RecordValues): RecordItem {
  return {
    ...recordItem(schema, existing),
    data: withDerivedValues(schema, values),
    title: recordTitle(schema, values),
    version: existing.version + 1,
  };
}

/**
 * Writing records: create, edit and delete one record, and insert validated rows (create and CSV
 * import batches). Values are validated by the shared validateRecord, references must point at
 * records of the same scope, and the schema's cross-record rules hold against the scope's others.
 */
@Injectable()
export class RecordWritesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: RecordScope,
    private readonly references: RecordReferencesService,
    private readonly webhooks: WebhookEvents,
  ) {}

  async create(scope: TenantScope, ref: SubmoduleRef, input: Record<string, unknown>): Promise<RecordItem> {
    const schema = this.records.schemaFor(ref);
    const result = validateRecord(schema, input);
    if (!result.ok) throw invalidRecord(result.errors);
    await this.references.assertReferences(scope, schema, [result.value]);
    const created = await this.dataSource.transaction(async (manager) => {
      const [values = result.value] = await this.references.withReferencedValues(
        scope,
        schema,
        [result.value],
        manager,
      );
      const conflict = await this.crossRecordErrors(manager, scope, ref, schema, values);
      if (conflict) throw invalidRecord(conflict);
      const [row] = await this.insertMany(manager, scope, ref, schema, [values]);
      return row;
    });
    if (!created) throw new NotFoundError(schema.entityName);
    return recordItem(schema, created);
  }

  async update(
    scope: TenantScope,
    ref: SubmoduleRef,
    id: string,
    input: Record<string, unknown>,
    version?: number,
  ): Promise<RecordItem> {
    const schema = this.records.schemaFor(ref);
    const existing = await this.records.find(scope, ref, id);
    const patch = validateRecord(schema, input, { partial: true });
    if (!patch.ok) throw invalidRecord(patch.errors);
    // Cross-field rules (end after start) are checked on the record as it will be.
    const merged = validateRecord(schema, { ...existing.data, ...patch.value });
    if (!merged.ok) throw invalidRecord(merged.errors);
    await this.references.assertReferences(scope, schema, [patch.value]);
    const expected = version ?? existing.version;
    const stored = await this.dataSource.transaction(async (manager) => {
      const values = await this.references.asEdited(manager, scope, schema, existing.data, merged.value);
      const conflict = await this.crossRecordErrors(manager, scope, ref, schema, values, id);
      if (conflict) throw invalidRecord(conflict);
      const saved = await this.store(manager, schema, id, values, expected);
      if (saved)
        await this.tellWebhooks(manager, scope.institutionId, ref, 'record.updated', [
          { ...editedItem(schema, existing, values), version: expected + 1 },
        ]);
      return saved;
    });
    if (!stored)
      throw new ConflictError(
        `This ${schema.entityName.toLowerCase()} was changed by someone else. Reload and try again.`,
      );
    return recordItem(schema, await this.records.find(scope, ref, id));
  }

  /**
   * Stores a record's edited values with its title and search text, one version on; with
   * `expectedVersion`, only while the record is still at that version. False when nothing was stored.
   */
  async store(
    manager: EntityManager,
    schema: RecordSchema,
    id: string,
    values: RecordValues,
    expectedVersion?: number,
  ): Promise<boolean> {
    const update = manager
      .createQueryBuilder()
      .update(RecordEntity)
      .set({
        data: () => ':data::jsonb',
        title: recordTitle(schema, values),
        searchText: recordSearchText(schema, values),
        version: () => 'version + 1',
        updatedAt: () => 'now()',
      })
      .setParameter('data', JSON.stringify(values))
      .where('id = :id', { id });
    if (expectedVersion !== undefined) update.andWhere('version = :expected', { expected: expectedVersion });
    const result = await update.execute();
    return Boolean(result.affected);
  }

  async remove(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<void> {
    const schema = this.records.schemaFor(ref);
    const existing = await this.records.find(scope, ref, id);
    const referencing = await this.references.countReferencing(scope, ref, [existing.id]);
    if (referencing.total > 0) {
      throw new ConflictError(
        `This ${schema.entityName.toLowerCase()} is used by ${referencing.total} other record${referencing.total === 1 ? '' : 's'} (${referencing.where.join(', ')}). Change or delete those first.`,
      );
    }
    await this.dataSource.transaction(async (manager) => {
      await manager.delete(RecordEntity, { id: existing.id });
      await this.tellWebhooks(manager, scope.institutionId, ref, 'record.deleted', [
        recordItem(schema, existing),
      ]);
    });
  }

  /**
   * One event per record; record events name their module and submodule beside the record
   * (docs/api.md#events). `records` may be a loader: it only runs when an endpoint listens.
   */
  tellWebhooks(
    manager: EntityManager,
    institutionId: string | null,
    ref: SubmoduleRef,
    type: 'record.created' | 'record.updated' | 'record.deleted',
    records: readonly RecordItem[] | (() => readonly RecordItem[]),
  ): Promise<void> {
    return this.webhooks.emitMany(manager, institutionId, type, async () =>
      (typeof records === 'function' ? records() : records).map((record) => ({
        module_id: ref.moduleId,
        submodule_id: ref.submoduleId,
        ...record,
      })),
    );
  }

  /**
   * Inserts validated values in one statement, and tells webhooks of each new record; used by create
   * and by CSV import batches (in their transaction).
   */
  async insertMany(
    manager: EntityManager,
    scope: RowOwner,
    ref: SubmoduleRef,
    schema: RecordSchema,
    rows: RecordValues[],
  ): Promise<RecordEntity[]> {
    if (rows.length === 0) return [];
    const result = await manager
      .createQueryBuilder()
      .insert()
      .into(RecordEntity)
      .values(
        rows.map((values) => ({
          orgId: scope.institutionId,
          ownerId: scope.userId,
          moduleId: ref.moduleId,
          submoduleId: ref.submoduleId,
          data: values,
          title: recordTitle(schema, values),
          searchText: recordSearchText(schema, values),
          version: 1,
        })),
      )
      .returning('*')
      .execute();
    const ids = (result.identifiers as Array<{ id: string }>).map((row) => row.id);
    const saved = await manager
      .getRepository(RecordEntity)
      .createQueryBuilder('record')
      .whereInIds(ids)
      .getMany();
    const byId = new Map(saved.map((row) => [row.id, row]));
    const inserted = ids.flatMap((id) => byId.get(id) ?? []);
    await this.tellWebhooks(manager, scope.institutionId, ref, 'record.created', () =>
      inserted.map((row) => recordItem(schema, row)),
    );
    return inserted;
  }

  /**
   * What the schema's cross-record rules (unique codes, no double booking) refuse about a record,
   * against the scope's other records, inside the write's transaction. A transaction-scoped advisory lock per scope and
   * submodule serialises the writers that could clash, so two requests cannot both pass the
   * check and both commit; it is released at commit.
   */
  async crossRecordErrors(
    manager: EntityManager,
    scope: RowOwner,
    ref: SubmoduleRef,
    schema: RecordSchema,
    values: RecordValues,
    exceptId?: string,
  ): Promise<Record<string, string> | null> {
    const rules = crossRecordRules(schema);
    if (rules.length === 0) return null;
    await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
      `records:${scope.institutionId ?? `user:${scope.userId}`}:${ref.moduleId}/${ref.submoduleId}`,
    ]);
    for (const rule of rules) {
      const error = await this.crossRecordError(manager, scope, ref, schema, rule, values, exceptId);
      if (error) return error;
    }
    return null;
  }

  private async crossRecordError(
    manager: EntityManager,
    scope: RowOwner,
    ref: SubmoduleRef,
    schema: RecordSchema,
    rule: CrossRecordRule,
    values: RecordValues,
    exceptId: string | undefined,
  ): Promise<Record<string, string> | null> {
    const query = this.records
      .scopedQuery(scope, ref, manager)
      .select(['record.id', 'record.title', 'record.data']);
    if (exceptId) query.andWhere('record.id <> :exceptId', { exceptId });
    if (rule.kind === 'unique') {
      const key = uniqueKeyOf(rule, values);
      if (!key) return null;
      rule.fields.forEach((field, index) => {
        query.andWhere(`lower(btrim(record.data->>'${field}')) = :unique${index}`, {
          [`unique${index}`]: key[index],
        });
      });
      const other = await query.getOne();
      const field = rule.fields[0] ?? '_record';
      return other ? { [field]: uniqueConflictMessage(schema, rule, values, other.title) } : null;
    }
    const slot = slotOf(rule, values);
    if (!holdsSlot(rule, values) || !slot) return null;
    const start = String(values[rule.start]);
    const end = typeof values[rule.end] === 'string' ? String(values[rule.end]) : start;
    // ISO dates and instants of one field order as text; the exact overlap is decided below.
    query
      .andWhere(`lower(btrim(record.data->>'${rule.field}')) = :slotKey`, {
        slotKey: String(values[rule.field]).trim().toLowerCase(),
      })
      .andWhere(`record.data->>'${rule.start}' <= :slotEnd`, { slotEnd: end })
      .andWhere(`COALESCE(record.data->>'${rule.end}', record.data->>'${rule.start}') >= :slotStart`, {
        slotStart: start,
      });
    if (rule.except) {
      query.andWhere(`COALESCE(record.data->>'${rule.except.field}', '') NOT IN (:...exceptValues)`, {
        exceptValues: rule.except.values,
      });
    }
    const candidates = await query.orderBy(`record.data->>'${rule.start}'`, 'ASC').getMany();
    const clash = candidates.find((candidate) => {
      const other = slotOf(rule, candidate.data);
      return other !== null && slotsOverlap(slot, other);
    });
    if (!clash) return null;
    return {
      [rule.field]: overlapConflictMessage(
        schema,
        rule,
        values,
        {
          title: clash.title,
          start: clash.data[rule.start] ?? null,
          end: clash.data[rule.end] ?? null,
        },
        await this.references.referenceName(manager, scope, schema, rule.field, values[rule.field] ?? null),
      ),
    };
  }
}
