import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CrossRecordRule,
  crossRecordRules,
  type FieldDefinition,
  findField,
  findRecordSchema,
  holdsSlot,
  groupFilters,
  isReferenceField,
  overlapConflictMessage,
  keptReferenceReads,
  RECORD_SCHEMAS,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
  type RecordValue,
  type RecordValues,
  RELATED_RECORDS_PER_GROUP,
  referencesReadByFormulas,
  type RelatedRecords,
  type RelatedRecordsGroup,
  recordsToCsv,
  slotOf,
  slotsOverlap,
  uniqueConflictMessage,
  uniqueKeyOf,
  validateFieldValue,
  todayUtc,
  validateRecord,
  withDerivedValues,
} from '@tessera/data-access/contracts';
import { type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { inScope, type RowOwner } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { ConflictError, InvalidInputError, NotFoundError } from '../common/domain-errors';
import type { ListRecordsQuery } from './dto/list-records.query';
import { RecordEntity } from './record.entity';
import { recordSearchText, recordTitle } from './record-text';

const FIELD_KEY = /^[a-z][a-z0-9_]*$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EXPORT_LIMIT = 50_000;

export interface SubmoduleRef {
  moduleId: string;
  submoduleId: string;
}

/** A record as lists need it: the columns of the answer, read without building entities. */
type RecordRow = Pick<RecordEntity, 'id' | 'data' | 'title' | 'version' | 'createdAt' | 'updatedAt'>;

/** The records a record's formulas read through its references, by reference field key. */
type ReferencedRecords = Record<string, RecordValues>;

/**
 * A record as answered: derived values recomputed as of today (an age never goes stale between
 * writes). Values read from a referenced record are the ones stored (keptReferenceReads).
 */
function toItem(schema: RecordSchema, entity: RecordRow): RecordItem {
  return {
    id: entity.id,
    data: withDerivedValues(schema, entity.data),
    title: entity.title,
    version: entity.version,
    created_at: entity.createdAt.toISOString(),
    updated_at: entity.updatedAt.toISOString(),
  };
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Numbers sort as numbers; everything else as text (ISO dates order correctly as text). */
function orderExpression(field: FieldDefinition | undefined, key: string): string {
  if (key === 'created_at') return 'record.created_at';
  if (key === 'updated_at') return 'record.updated_at';
  if (field?.type === 'number' || field?.type === 'money') return `(record.data->>'${key}')::numeric`;
  if (field?.type === 'text' || field?.type === 'email') return `lower(record.data->>'${key}')`;
  return `record.data->>'${key}'`;
}

/**
 * The records engine: one service for every submodule, driven by the catalogue's schemas.
 * Every query starts from the tenant scope; values are validated by the shared validateRecord
 * and references must point at records of the same scope.
 */
@Injectable()
export class RecordsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  schemaFor({ moduleId, submoduleId }: SubmoduleRef): RecordSchema {
    const schema = findRecordSchema(moduleId, submoduleId);
    if (!schema) throw new NotFoundError(`Records of ${moduleId}/${submoduleId}`);
    return schema;
  }

  /** Rows of one submodule within the scope: the institution's, or the caller's own. */
  scopedQuery(
    scope: RowOwner,
    ref: SubmoduleRef,
    manager: EntityManager = this.dataSource.manager,
  ): SelectQueryBuilder<RecordEntity> {
    const query = manager
      .getRepository(RecordEntity)
      .createQueryBuilder('record')
      .where('record.module_id = :moduleId AND record.submodule_id = :submoduleId', {
        moduleId: ref.moduleId,
        submoduleId: ref.submoduleId,
      });
    return inScope(query, scope);
  }

  async list(scope: TenantScope, ref: SubmoduleRef, params: ListRecordsQuery): Promise<RecordPage> {
    const schema = this.schemaFor(ref);
    const query = this.filteredQuery(scope, ref, schema, params);
    const limit = params.limit ?? 25;
    const offset = params.offset ?? 0;
    // The total is a plain count(*) of the same WHERE; the page is read as raw rows in answer shape.
    const counted = await query.clone().orderBy().select('count(*)', 'total').getRawOne<{ total: string }>();
    const rows = await query
      .select([
        'record.id AS id',
        'record.data AS data',
        'record.title AS title',
        'record.version AS version',
        'record.created_at AS "createdAt"',
        'record.updated_at AS "updatedAt"',
      ])
      .limit(limit)
      .offset(offset)
      .getRawMany<RecordRow>();
    const total = Number(counted?.total ?? 0);
    return {
      rows: rows.map((row) => toItem(schema, row)),
      total,
      limit,
      offset,
      labels: await this.referenceLabels(scope, schema, rows),
    };
  }

  async exportCsv(scope: TenantScope, ref: SubmoduleRef, params: ListRecordsQuery): Promise<string> {
    const schema = this.schemaFor(ref);
    const rows = await this.filteredQuery(scope, ref, schema, params).take(EXPORT_LIMIT).getMany();
    return recordsToCsv(
      schema,
      rows.map((row) => ({ id: row.id, ...withDerivedValues(schema, row.data) })),
    );
  }

  async get(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RecordItem> {
    return toItem(this.schemaFor(ref), await this.findEntity(scope, ref, id));
  }

  /**
   * For each row, the records its formulas read through references (a reservation's room), loaded
   * in the same scope. A value that names no record there (an old free-text room) is left out, so
   * the formula keeps the value the record has.
   */
  private async referencedRecords(
    scope: RowOwner,
    schema: RecordSchema,
    rows: readonly RecordValues[],
    manager: EntityManager = this.dataSource.manager,
    kept: ReadonlySet<string> = new Set(),
  ): Promise<ReferencedRecords[]> {
    const result: ReferencedRecords[] = rows.map(() => ({}));
    for (const field of referencesReadByFormulas(schema)) {
      if (kept.has(field.key)) continue;
      const ids = [
        ...new Set(
          rows
            .map((row) => row[field.key])
            .filter((value): value is string => typeof value === 'string' && UUID.test(value)),
        ),
      ];
      if (ids.length === 0) continue;
      const targets = await this.scopedQuery(scope, field.reference, manager)
        .select(['record.id', 'record.data'])
        .andWhere('record.id IN (:...ids)', { ids })
        .getMany();
      const byId = new Map(targets.map((target) => [target.id, target.data]));
      rows.forEach((row, index) => {
        const target = byId.get(String(row[field.key]));
        const references = result[index];
        if (target && references) references[field.key] = target;
      });
    }
    return result;
  }

  /** The rows with their derived values computed from the records their references point at. */
  async withReferencedValues(
    scope: RowOwner,
    schema: RecordSchema,
    rows: readonly RecordValues[],
    manager: EntityManager = this.dataSource.manager,
    kept: ReadonlySet<string> = new Set(),
  ): Promise<RecordValues[]> {
    if (referencesReadByFormulas(schema).every((field) => kept.has(field.key)))
      return rows.map((row) => withDerivedValues(schema, row));
    const references = await this.referencedRecords(scope, schema, rows, manager, kept);
    return rows.map((row, index) =>
      withDerivedValues(schema, row, { today: todayUtc(), references: references[index] ?? {} }),
    );
  }

  /**
   * An edited record as it will be stored: what it read from referenced records is kept unless the
   * reference changed (keptReferenceReads), then its derived values are computed.
   */
  private async asEdited(
    manager: EntityManager,
    scope: RowOwner,
    schema: RecordSchema,
    before: Readonly<RecordValues>,
    after: RecordValues,
  ): Promise<RecordValues> {
    const kept = keptReferenceReads(schema, before, after);
    const [values = after] = await this.withReferencedValues(
      scope,
      schema,
      [{ ...after, ...kept.values }],
      manager,
      kept.references,
    );
    return values;
  }

  async create(scope: TenantScope, ref: SubmoduleRef, input: Record<string, unknown>): Promise<RecordItem> {
    const schema = this.schemaFor(ref);
    const result = validateRecord(schema, input);
    if (!result.ok) throw this.invalid(result.errors);
    await this.assertReferences(scope, schema, [result.value]);
    const created = await this.dataSource.transaction(async (manager) => {
      const [values = result.value] = await this.withReferencedValues(scope, schema, [result.value], manager);
      await this.assertCrossRecordRules(manager, scope, ref, schema, values);
      const [row] = await this.insertMany(manager, scope, ref, schema, [values]);
      return row;
    });
    if (!created) throw new NotFoundError(schema.entityName);
    return toItem(schema, created);
  }

  async update(
    scope: TenantScope,
    ref: SubmoduleRef,
    id: string,
    input: Record<string, unknown>,
    version?: number,
  ): Promise<RecordItem> {
    const schema = this.schemaFor(ref);
    const existing = await this.findEntity(scope, ref, id);
    const patch = validateRecord(schema, input, { partial: true });
    if (!patch.ok) throw this.invalid(patch.errors);
    // Cross-field rules (end after start) are checked on the record as it will be.
    const merged = validateRecord(schema, { ...existing.data, ...patch.value });
    if (!merged.ok) throw this.invalid(merged.errors);
    await this.assertReferences(scope, schema, [patch.value]);
    const expected = version ?? existing.version;
    const result = await this.dataSource.transaction(async (manager) => {
      const values = await this.asEdited(manager, scope, schema, existing.data, merged.value);
      await this.assertCrossRecordRules(manager, scope, ref, schema, values, id);
      const updated = await manager
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
        .where('id = :id AND version = :expected', { id, expected })
        .execute();
      return updated;
    });
    if (!result.affected)
      throw new ConflictError(
        `This ${schema.entityName.toLowerCase()} was changed by someone else. Reload and try again.`,
      );
    return this.get(scope, ref, id);
  }

  /**
   * Every record whose reference field points at the record, grouped by submodule and field (a
   * patient's appointments, prescriptions and claims; a delivery's e-commerce orders), most recent
   * first. Module access is granted per module: records of another module are listed only when the
   * caller may read that module (`scope.readableModules`, resolved by the guard).
   */
  async related(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RelatedRecords> {
    const target = await this.findEntity(scope, ref, id);
    const readable = new Set([ref.moduleId, ...(scope.readableModules ?? [])]);
    const groups: RelatedRecordsGroup[] = [];
    for (const schema of RECORD_SCHEMAS) {
      if (!readable.has(schema.moduleId)) continue;
      for (const field of schema.fields) {
        if (!isReferenceField(field)) continue;
        if (field.reference.moduleId !== ref.moduleId || field.reference.submoduleId !== ref.submoduleId)
          continue;
        const query = this.scopedQuery(scope, schema).andWhere('record.data @> :ref::jsonb', {
          ref: JSON.stringify({ [field.key]: target.id }),
        });
        const total = await query.clone().getCount();
        if (total === 0) continue;
        const rows = await query
          .select(['record.id', 'record.title'])
          .orderBy('record.created_at', 'DESC')
          .addOrderBy('record.id', 'ASC')
          .take(RELATED_RECORDS_PER_GROUP)
          .getMany();
        groups.push({
          moduleId: schema.moduleId,
          submoduleId: schema.submoduleId,
          entityName: schema.entityName,
          entityNamePlural: schema.entityNamePlural,
          field: field.key,
          fieldLabel: field.label,
          total,
          records: rows.map((row) => ({ id: row.id, title: row.title })),
        });
      }
    }
    return { groups };
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

  private async assertCrossRecordRules(
    manager: EntityManager,
    scope: RowOwner,
    ref: SubmoduleRef,
    schema: RecordSchema,
    values: RecordValues,
    exceptId?: string,
  ): Promise<void> {
    const errors = await this.crossRecordErrors(manager, scope, ref, schema, values, exceptId);
    if (errors) throw this.invalid(errors);
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
    const query = this.scopedQuery(scope, ref, manager).select(['record.id', 'record.title', 'record.data']);
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
        await this.referenceName(manager, scope, schema, rule.field, values[rule.field] ?? null),
      ),
    };
  }

  /** What a reference value is called (a room's number for its id); undefined for other fields. */
  private async referenceName(
    manager: EntityManager,
    scope: RowOwner,
    schema: RecordSchema,
    key: string,
    value: RecordValue,
  ): Promise<string | undefined> {
    const field = findField(schema, key);
    if (!field || !isReferenceField(field) || typeof value !== 'string' || !UUID.test(value))
      return undefined;
    const target = await this.scopedQuery(scope, field.reference, manager)
      .select(['record.id', 'record.title'])
      .andWhere('record.id = :id', { id: value })
      .getOne();
    return target?.title;
  }

  async remove(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<void> {
    const schema = this.schemaFor(ref);
    const existing = await this.findEntity(scope, ref, id);
    const referencing = await this.countReferencing(scope, ref, [existing.id]);
    if (referencing.total > 0) {
      throw new ConflictError(
        `This ${schema.entityName.toLowerCase()} is used by ${referencing.total} other record${referencing.total === 1 ? '' : 's'} (${referencing.where.join(', ')}). Change or delete those first.`,
      );
    }
    await this.dataSource.getRepository(RecordEntity).delete({ id: existing.id });
  }

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
    const schema = this.schemaFor(ref);
    const patch = validateRecord(schema, input, { partial: true });
    if (!patch.ok) throw this.invalid(patch.errors);
    if (Object.keys(patch.value).length === 0) throw this.invalid({ data: 'Choose a value to set' });
    await this.assertReferences(scope, schema, [patch.value]);
    return this.dataSource.transaction(async (manager) => {
      const existing = await this.lockAll(manager, scope, ref, schema, ids);
      for (const record of existing) {
        const merged = validateRecord(schema, { ...record.data, ...patch.value });
        if (!merged.ok) {
          throw this.invalid(
            Object.fromEntries(
              Object.entries(merged.errors).map(([key, message]) => [key, `${record.title}: ${message}`]),
            ),
          );
        }
        const values = await this.asEdited(manager, scope, schema, record.data, merged.value);
        await manager
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
          .where('id = :id', { id: record.id })
          .execute();
      }
      return existing.length;
    });
  }

  /**
   * Deletes many records in one transaction; refused as a whole while other records (outside the
   * selection) still reference one of them.
   */
  async bulkRemove(scope: TenantScope, ref: SubmoduleRef, ids: readonly string[]): Promise<number> {
    const schema = this.schemaFor(ref);
    return this.dataSource.transaction(async (manager) => {
      const existing = await this.lockAll(manager, scope, ref, schema, ids);
      const chosen = existing.map((record) => record.id);
      const referencing = await this.countReferencing(scope, ref, chosen, manager);
      if (referencing.total > 0) {
        throw new ConflictError(
          `These ${schema.entityNamePlural.toLowerCase()} are used by ${referencing.total} other record${referencing.total === 1 ? '' : 's'} (${referencing.where.join(', ')}). Change or delete those first.`,
        );
      }
      await manager.getRepository(RecordEntity).delete(chosen);
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
      ? await this.scopedQuery(scope, ref, manager)
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

  /** Inserts validated values in one statement; used by create and by CSV import batches (in their transaction). */
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
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /**
   * Reference values must name records of the target submodule in the same scope; returns the
   * row indexes with their field errors (empty when all hold).
   */
  async referenceErrors(
    scope: RowOwner,
    schema: RecordSchema,
    rows: RecordValues[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Map<number, Record<string, string>>> {
    const errors = new Map<number, Record<string, string>>();
    for (const field of schema.fields) {
      if (!isReferenceField(field)) continue;
      const target = field.reference;
      const ids = [
        ...new Set(
          rows.map((row) => row[field.key]).filter((value): value is string => typeof value === 'string'),
        ),
      ];
      const validIds = ids.filter((id) => UUID.test(id));
      const found = validIds.length
        ? await this.scopedQuery(scope, target, manager)
            .select('record.id')
            .andWhere('record.id IN (:...ids)', { ids: validIds })
            .getMany()
        : [];
      const existing = new Set(found.map((row) => row.id));
      rows.forEach((row, index) => {
        const value = row[field.key];
        if (typeof value === 'string' && !existing.has(value)) {
          errors.set(index, {
            ...errors.get(index),
            [field.key]: `${field.label} must be an existing record`,
          });
        }
      });
    }
    return errors;
  }

  private async assertReferences(
    scope: TenantScope,
    schema: RecordSchema,
    rows: RecordValues[],
  ): Promise<void> {
    const errors = await this.referenceErrors(scope, schema, rows);
    const first = errors.get(0);
    if (first) throw this.invalid(first);
  }

  private filteredQuery(
    scope: TenantScope,
    ref: SubmoduleRef,
    schema: RecordSchema,
    params: ListRecordsQuery,
  ): SelectQueryBuilder<RecordEntity> {
    const query = this.scopedQuery(scope, ref);
    const search = params.search?.trim();
    if (search) {
      query.andWhere(`record.search_text LIKE :search ESCAPE '\\'`, {
        search: `%${escapeLike(search.toLowerCase())}%`,
      });
    }
    // Values of one field are alternatives (status is sent OR overdue); fields narrow each other.
    for (const [groupIndex, [key, values]] of [...groupFilters(params.filter ?? [])].entries()) {
      const field = findField(schema, key);
      if (!field) throw this.invalid({ filter: `Unknown field: ${key}` });
      const alternatives: string[] = [];
      const parameters: Record<string, string> = {};
      for (const [index, raw] of values.entries()) {
        if (raw === '') {
          alternatives.push(`(record.data->>'${key}') IS NULL`);
          continue;
        }
        // One field's value read as validation would (derived fields too, which records never take as input).
        const checked = validateFieldValue(field, raw);
        if (!checked.ok) throw this.invalid({ filter: checked.message });
        const name = `filter${groupIndex}_${index}`;
        alternatives.push(`record.data @> :${name}::jsonb`);
        parameters[name] = JSON.stringify({ [key]: checked.value });
      }
      query.andWhere(`(${alternatives.join(' OR ')})`, parameters);
    }
    this.applyDateRange(query, schema, params);
    const sortKey = params.sort ?? schema.defaultSort.field;
    const allowed =
      sortKey === 'created_at' || sortKey === 'updated_at' || schema.sortableFields.includes(sortKey);
    if (!allowed || !FIELD_KEY.test(sortKey)) {
      throw this.invalid({
        sort: `sort must be one of: ${[...schema.sortableFields, 'created_at', 'updated_at'].join(', ')}`,
      });
    }
    const direction = (
      params.direction ?? (params.sort ? 'asc' : schema.defaultSort.direction)
    ).toUpperCase() as 'ASC' | 'DESC';
    return query
      .orderBy(
        orderExpression(findField(schema, sortKey), sortKey),
        direction,
        direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST',
      )
      .addOrderBy('record.created_at', 'DESC')
      .addOrderBy('record.id', 'ASC');
  }

  /**
   * Records whose span [dateField, dateEndField or dateField] overlaps [from, to]: a calendar month
   * or a timeline window, whatever the submodule's size. ISO dates and instants compare as text;
   * the end of the range is exclusive of the next day so instants on the last day count.
   */
  private applyDateRange(
    query: SelectQueryBuilder<RecordEntity>,
    schema: RecordSchema,
    params: ListRecordsQuery,
  ): void {
    if (!params.dateField && !params.from && !params.to) return;
    const isDate = (key: string | undefined) => {
      const field = key ? findField(schema, key) : undefined;
      return field?.type === 'date' || field?.type === 'dateTime';
    };
    if (!params.dateField || !isDate(params.dateField))
      throw this.invalid({ dateField: 'dateField must be a date field of this submodule' });
    if (params.dateEndField && !isDate(params.dateEndField)) {
      throw this.invalid({ dateEndField: 'dateEndField must be a date field of this submodule' });
    }
    if (params.from && params.to && params.to < params.from)
      throw this.invalid({ to: 'to must be on or after from' });
    const start = `record.data->>'${params.dateField}'`;
    const end = `COALESCE(record.data->>'${params.dateEndField ?? params.dateField}', ${start})`;
    if (params.to) {
      const dayAfter = new Date(Date.parse(`${params.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      query.andWhere(`${start} < :rangeEnd`, { rangeEnd: dayAfter });
    }
    if (params.from) query.andWhere(`${end} >= :rangeStart`, { rangeStart: params.from });
  }

  private async referenceLabels(
    scope: TenantScope,
    schema: RecordSchema,
    rows: RecordRow[],
  ): Promise<Record<string, string>> {
    const labels: Record<string, string> = {};
    for (const field of schema.fields) {
      if (!isReferenceField(field)) continue;
      const ids = [
        ...new Set(
          rows
            .map((row) => row.data[field.key])
            .filter((value): value is string => typeof value === 'string' && UUID.test(value)),
        ),
      ];
      if (!ids.length) continue;
      const targets = await this.scopedQuery(scope, field.reference)
        .select(['record.id', 'record.title'])
        .andWhere('record.id IN (:...ids)', { ids })
        .getMany();
      for (const target of targets) labels[target.id] = target.title;
    }
    return labels;
  }

  /** Records outside `ids` whose references point at one of them. */
  private async countReferencing(
    scope: TenantScope,
    target: SubmoduleRef,
    ids: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ total: number; where: string[] }> {
    let total = 0;
    const where: string[] = [];
    if (ids.length === 0) return { total, where };
    for (const schema of RECORD_SCHEMAS) {
      for (const field of schema.fields) {
        if (!isReferenceField(field)) continue;
        if (
          field.reference.moduleId !== target.moduleId ||
          field.reference.submoduleId !== target.submoduleId
        )
          continue;
        // Containment per id keeps the jsonb index in play (one id for a single delete).
        const pointsAt = Object.fromEntries(
          ids.map((id, index) => [`ref${index}`, JSON.stringify({ [field.key]: id })]),
        );
        const count = await this.scopedQuery(scope, schema, manager)
          .andWhere(
            `(${Object.keys(pointsAt)
              .map((name) => `record.data @> :${name}::jsonb`)
              .join(' OR ')})`,
            pointsAt,
          )
          .andWhere('record.id NOT IN (:...refIds)', { refIds: [...ids] })
          .getCount();
        if (count > 0) {
          total += count;
          where.push(
            `${count} ${count === 1 ? schema.entityName.toLowerCase() : schema.entityNamePlural.toLowerCase()}`,
          );
        }
      }
    }
    return { total, where };
  }

  private async findEntity(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RecordEntity> {
    const schema = this.schemaFor(ref);
    if (!UUID.test(id)) throw new NotFoundError(schema.entityName);
    const entity = await this.scopedQuery(scope, ref).andWhere('record.id = :id', { id }).getOne();
    if (!entity) throw new NotFoundError(schema.entityName);
    return entity;
  }

  private invalid(errors: Record<string, string>): InvalidInputError {
    const byField = Object.fromEntries(Object.entries(errors).map(([key, message]) => [key, [message]]));
    return new InvalidInputError(Object.values(errors).join('; '), byField);
  }
}
