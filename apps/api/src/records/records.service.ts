import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type FieldDefinition,
  findField,
  findRecordSchema,
  isReferenceField,
  RECORD_SCHEMAS,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
  type RecordValues,
  recordsToCsv,
  validateRecord,
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

function toItem(entity: RecordRow): RecordItem {
  return {
    id: entity.id,
    data: entity.data,
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
      rows: rows.map(toItem),
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
      rows.map((row) => ({ id: row.id, ...row.data })),
    );
  }

  async get(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RecordItem> {
    return toItem(await this.findEntity(scope, ref, id));
  }

  async create(scope: TenantScope, ref: SubmoduleRef, input: Record<string, unknown>): Promise<RecordItem> {
    const schema = this.schemaFor(ref);
    const result = validateRecord(schema, input);
    if (!result.ok) throw this.invalid(result.errors);
    await this.assertReferences(scope, schema, [result.value]);
    const [created] = await this.insertMany(this.dataSource.manager, scope, ref, schema, [result.value]);
    return toItem(created);
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
    const result = await this.dataSource
      .createQueryBuilder()
      .update(RecordEntity)
      .set({
        data: () => ':data::jsonb',
        title: recordTitle(schema, merged.value),
        searchText: recordSearchText(schema, merged.value),
        version: () => 'version + 1',
        updatedAt: () => 'now()',
      })
      .setParameter('data', JSON.stringify(merged.value))
      .where('id = :id AND version = :expected', { id, expected })
      .execute();
    if (!result.affected)
      throw new ConflictError(
        `This ${schema.entityName.toLowerCase()} was changed by someone else. Reload and try again.`,
      );
    return toItem(await this.findEntity(scope, ref, id));
  }

  async remove(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<void> {
    const schema = this.schemaFor(ref);
    const existing = await this.findEntity(scope, ref, id);
    const referencing = await this.countReferencing(scope, ref, existing.id);
    if (referencing.total > 0) {
      throw new ConflictError(
        `This ${schema.entityName.toLowerCase()} is used by ${referencing.total} other record${referencing.total === 1 ? '' : 's'} (${referencing.where.join(', ')}). Change or delete those first.`,
      );
    }
    await this.dataSource.getRepository(RecordEntity).delete({ id: existing.id });
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
    for (const [index, filter] of (params.filter ?? []).entries()) {
      const separator = filter.indexOf(':');
      const key = filter.slice(0, separator);
      const field = findField(schema, key);
      if (!field) throw this.invalid({ filter: `Unknown field: ${key}` });
      const raw = filter.slice(separator + 1);
      if (raw === '') {
        query.andWhere(`(record.data->>'${key}') IS NULL`);
        continue;
      }
      const checked = validateRecord(schema, { [key]: raw }, { partial: true });
      if (!checked.ok)
        throw this.invalid({ filter: checked.errors[key] ?? `Invalid value for ${field.label}` });
      query.andWhere(`record.data @> :filter${index}::jsonb`, {
        [`filter${index}`]: JSON.stringify({ [key]: checked.value[key] }),
      });
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

  private async countReferencing(
    scope: TenantScope,
    target: SubmoduleRef,
    id: string,
  ): Promise<{ total: number; where: string[] }> {
    let total = 0;
    const where: string[] = [];
    for (const schema of RECORD_SCHEMAS) {
      for (const field of schema.fields) {
        if (!isReferenceField(field)) continue;
        if (
          field.reference.moduleId !== target.moduleId ||
          field.reference.submoduleId !== target.submoduleId
        )
          continue;
        const count = await this.scopedQuery(scope, schema)
          .andWhere('record.data @> :ref::jsonb', { ref: JSON.stringify({ [field.key]: id }) })
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
