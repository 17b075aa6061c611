import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  findField,
  isReferenceField,
  keptReferenceReads,
  RECORD_SCHEMAS,
  type RecordSchema,
  type RecordValue,
  type RecordValues,
  RELATED_RECORDS_PER_GROUP,
  type ReferenceFieldDefinition,
  referencesReadByFormulas,
  type RelatedRecords,
  type RelatedRecordsGroup,
  todayUtc,
  withDerivedValues,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { RowOwner } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { invalidRecord, type RecordRow, RecordScope, type SubmoduleRef, UUID } from './record-scope.service';

/** The records a record's formulas read through its references, by reference field key. */
type ReferencedRecords = Record<string, RecordValues>;

/** The distinct record ids among the values (other values name no record). */
function recordIds(values: readonly unknown[]): string[] {
  return [
    ...new Set(values.filter((value): value is string => typeof value === 'string' && UUID.test(value))),
  ];
}

/** Every reference field of the catalogue that points at the target submodule, with its schema. */
function* fieldsReferencing(
  target: SubmoduleRef,
): Generator<{ schema: RecordSchema; field: ReferenceFieldDefinition }> {
  for (const schema of RECORD_SCHEMAS) {
    for (const field of schema.fields) {
      if (!isReferenceField(field)) continue;
      if (field.reference.moduleId !== target.moduleId || field.reference.submoduleId !== target.submoduleId)
        continue;
      yield { schema, field };
    }
  }
}

/**
 * References between records: a reference must name a record of the target submodule in the same
 * scope; formulas read values through references; a record others point at is listed with them
 * and cannot be deleted from under them.
 */
@Injectable()
export class RecordReferencesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly records: RecordScope,
  ) {}

  /**
   * For each row, the records its formulas read through references (a reservation's room), loaded
   * in the same scope. A value that names no record there (an old free-text room) is left out, so
   * the formula keeps the value the record has.
   */
  private async referencedRecords(
    scope: RowOwner,
    schema: RecordSchema,
    rows: readonly RecordValues[],
    manager: EntityManager,
    kept: ReadonlySet<string>,
  ): Promise<ReferencedRecords[]> {
    const result: ReferencedRecords[] = rows.map(() => ({}));
    for (const field of referencesReadByFormulas(schema)) {
      if (kept.has(field.key)) continue;
      const ids = recordIds(rows.map((row) => row[field.key]));
      if (ids.length === 0) continue;
      const targets = await this.records
        .scopedQuery(scope, field.reference, manager)
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
  async asEdited(
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
      const ids = recordIds(rows.map((row) => row[field.key]));
      const found = ids.length
        ? await this.records
            .scopedQuery(scope, field.reference, manager)
            .select('record.id')
            .andWhere('record.id IN (:...ids)', { ids })
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

  /** A 400 when a reference of the first row names no record of its target in scope. */
  async assertReferences(scope: TenantScope, schema: RecordSchema, rows: RecordValues[]): Promise<void> {
    const errors = await this.referenceErrors(scope, schema, rows);
    const first = errors.get(0);
    if (first) throw invalidRecord(first);
  }

  /** What a reference value is called (a room's number for its id); undefined for other fields. */
  async referenceName(
    manager: EntityManager,
    scope: RowOwner,
    schema: RecordSchema,
    key: string,
    value: RecordValue,
  ): Promise<string | undefined> {
    const field = findField(schema, key);
    if (!field || !isReferenceField(field) || typeof value !== 'string' || !UUID.test(value))
      return undefined;
    const target = await this.records
      .scopedQuery(scope, field.reference, manager)
      .select(['record.id', 'record.title'])
      .andWhere('record.id = :id', { id: value })
      .getOne();
    return target?.title;
  }

  /** The titles of the records the rows' references name, by id (a list shows names, not ids). */
  async referenceLabels(
    scope: TenantScope,
    schema: RecordSchema,
    rows: readonly RecordRow[],
  ): Promise<Record<string, string>> {
    const labels: Record<string, string> = {};
    for (const field of schema.fields) {
      if (!isReferenceField(field)) continue;
      const ids = recordIds(rows.map((row) => row.data[field.key]));
      if (!ids.length) continue;
      const targets = await this.records
        .scopedQuery(scope, field.reference)
        .select(['record.id', 'record.title'])
        .andWhere('record.id IN (:...ids)', { ids })
        .getMany();
      for (const target of targets) labels[target.id] = target.title;
    }
    return labels;
  }

  /**
   * Every record whose reference field points at the record, grouped by submodule and field (a
   * patient's appointments, prescriptions and claims; a delivery's e-commerce orders), most recent
   * first. Module access is granted per module: records of another module are listed only when the
   * caller may read that module (`scope.readableModules`, resolved by the guard).
   */
  async related(scope: TenantScope, ref: SubmoduleRef, id: string): Promise<RelatedRecords> {
    const target = await this.records.find(scope, ref, id);
    const readable = new Set([ref.moduleId, ...(scope.readableModules ?? [])]);
    const groups: RelatedRecordsGroup[] = [];
    for (const { schema, field } of fieldsReferencing(ref)) {
      if (!readable.has(schema.moduleId)) continue;
      const query = this.records.scopedQuery(scope, schema).andWhere('record.data @> :ref::jsonb', {
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
    return { groups };
  }

  /** Records outside `ids` whose references point at one of them. */
  async countReferencing(
    scope: TenantScope,
    target: SubmoduleRef,
    ids: readonly string[],
    manager: EntityManager = this.dataSource.manager,
  ): Promise<{ total: number; where: string[] }> {
    let total = 0;
    const where: string[] = [];
    if (ids.length === 0) return { total, where };
    for (const { schema, field } of fieldsReferencing(target)) {
      // Containment per id keeps the jsonb index in play (one id for a single delete).
      const pointsAt = Object.fromEntries(
        ids.map((id, index) => [`ref${index}`, JSON.stringify({ [field.key]: id })]),
      );
      const count = await this.records
        .scopedQuery(scope, schema, manager)
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
    return { total, where };
  }
}
