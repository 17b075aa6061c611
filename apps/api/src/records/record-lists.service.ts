import { Injectable } from '@nestjs/common';
import {
  type FieldDefinition,
  findField,
  groupFilters,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
  validateFieldValue,
} from '@tessera/data-access/contracts';
import type { SelectQueryBuilder } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import type { ListRecordsQuery } from './dto/list-records.query';
import type { RecordEntity } from './record.entity';
import { RecordReferencesService } from './record-references.service';
import {
  invalidRecord,
  type RecordRow,
  RecordScope,
  recordItem,
  type SubmoduleRef,
} from './record-scope.service';

const FIELD_KEY = /^[a-z][a-z0-9_]*$/;

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
 * Reading records: a page of a submodule's list (search, filters, a date range, a sort) and one
 * record. Every query starts from the tenant scope.
 */
@Injectable()
export class RecordListsService {
  constructor(
    private readonly records: RecordScope,
    private readonly references: RecordReferencesService,
  ) {}

  async list(scope: TenantScope, ref: SubmoduleRef, params: ListRecordsQuery): Promise<RecordPage> {
    const { schema, query } = this.filtered(scope, ref, params);
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
      rows: rows.map((row) => recordItem(schema, row)),
      total,
      limit,
      offset,
      labels: await this.references.referenceLabels(scope, schema, rows),
    };
  }

  async get(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RecordItem> {
    return recordItem(this.records.schemaFor(ref), await this.records.find(scope, ref, id));
  }

  /** The submodule's schema and its list's rows in order, before paging: search, filters and date range applied. */
  filtered(
    scope: TenantScope,
    ref: SubmoduleRef,
    params: ListRecordsQuery,
  ): { schema: RecordSchema; query: SelectQueryBuilder<RecordEntity> } {
    const schema = this.records.schemaFor(ref);
    const query = this.records.scopedQuery(scope, ref);
    const search = params.search?.trim();
    if (search) {
      query.andWhere(`record.search_text LIKE :search ESCAPE '\\'`, {
        search: `%${escapeLike(search.toLowerCase())}%`,
      });
    }
    // Values of one field are alternatives (status is sent OR overdue); fields narrow each other.
    for (const [groupIndex, [key, values]] of [...groupFilters(params.filter ?? [])].entries()) {
      const field = findField(schema, key);
      if (!field) throw invalidRecord({ filter: `Unknown field: ${key}` });
      const alternatives: string[] = [];
      const parameters: Record<string, string> = {};
      for (const [index, raw] of values.entries()) {
        if (raw === '') {
          alternatives.push(`(record.data->>'${key}') IS NULL`);
          continue;
        }
        // One field's value read as validation would (derived fields too, which records never take as input).
        const checked = validateFieldValue(field, raw);
        if (!checked.ok) throw invalidRecord({ filter: checked.message });
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
      throw invalidRecord({
        sort: `sort must be one of: ${[...schema.sortableFields, 'created_at', 'updated_at'].join(', ')}`,
      });
    }
    const direction = (
      params.direction ?? (params.sort ? 'asc' : schema.defaultSort.direction)
    ).toUpperCase() as 'ASC' | 'DESC';
    query
      .orderBy(
        orderExpression(findField(schema, sortKey), sortKey),
        direction,
        direction === 'ASC' ? 'NULLS LAST' : 'NULLS FIRST',
      )
      .addOrderBy('record.created_at', 'DESC')
      .addOrderBy('record.id', 'ASC');
    return { schema, query };
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
      throw invalidRecord({ dateField: 'dateField must be a date field of this submodule' });
    if (params.dateEndField && !isDate(params.dateEndField)) {
      throw invalidRecord({ dateEndField: 'dateEndField must be a date field of this submodule' });
    }
    if (params.from && params.to && params.to < params.from)
      throw invalidRecord({ to: 'to must be on or after from' });
    const start = `record.data->>'${params.dateField}'`;
    const end = `COALESCE(record.data->>'${params.dateEndField ?? params.dateField}', ${start})`;
    if (params.to) {
      const dayAfter = new Date(Date.parse(`${params.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      query.andWhere(`${start} < :rangeEnd`, { rangeEnd: dayAfter });
    }
    if (params.from) query.andWhere(`${end} >= :rangeStart`, { rangeStart: params.from });
  }
}
