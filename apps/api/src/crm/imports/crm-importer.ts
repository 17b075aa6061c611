import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CRM_IMPORT_ENTITIES,
  type CrmImportEntity,
  type CrmImportValue,
  crmImportMappingErrors,
  crmImportMatchKey,
  DEAL_STAGES,
  type DealStage,
  DUPLICATE_MODES,
  type DuplicateMode,
  dealStatusForStage,
  parseCsv,
  type RecordImportRowError,
  validateCrmImportRow,
} from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';
import { InvalidInputError } from '../../common/domain-errors';
import type {
  CsvImporter,
  ImportBatchContext,
  ImportBatchOutcome,
  ImportOptions,
  ImportOwner,
  ImportRow,
  ImportTarget,
} from '../../imports/csv-importer';
import { ImportJobs } from '../../imports/import-jobs.service';
import { CRM_IMPORT_TABLES, assignFromJsonSql, jsonValueSql } from './crm-import-tables';

export const CRM_MODULE = 'crm';

/** What a CRM import stores with its file (record_imports.options). */
export interface CrmImportOptions {
  mapping: (string | null)[];
  duplicates: DuplicateMode;
}

export function isCrmImportEntity(value: string): value is CrmImportEntity {
  return (CRM_IMPORT_ENTITIES as readonly string[]).includes(value);
}

function optionsOf(options: ImportOptions): CrmImportOptions {
  const mapping = Array.isArray(options.mapping) ? (options.mapping as (string | null)[]) : [];
  const duplicates = DUPLICATE_MODES.find((mode) => mode === options.duplicates) ?? 'skip';
  return { mapping, duplicates };
}

type Values = Record<string, CrmImportValue>;

/** A row of this batch that becomes a new record. */
interface Insert {
  id: string;
  values: Values;
}

/** An existing record this batch changes: its new values, and the ones they replace (for Undo). */
interface Update {
  id: string;
  values: Values;
  previous: Record<string, unknown>;
}

/**
 * The CRM's half of a CSV import (docs/product/crm-imports.md); ImportJobs runs it as a durable job.
 * The file's columns go to fields by the mapping the screen chose; each row is checked by the shared
 * validateCrmImportRow; a row whose e-mail (people) or name (deals) matches a record is skipped,
 * updates it or is created anyway, as the import says. Each batch is three statements in the
 * batch's transaction: inserts, updates and the import's row log that Undo reads.
 */
@Injectable()
export class CrmImporter implements CsvImporter, OnModuleInit {
  /** Three statements per batch whatever its size: bigger batches, fewer round trips (100,000 rows in 50). */
  readonly batchSize = 2000;

  constructor(private readonly imports: ImportJobs) {}

  onModuleInit(): void {
    this.imports.registerImporter(this);
  }

  handles(target: ImportTarget): boolean {
    return target.moduleId === CRM_MODULE && isCrmImportEntity(target.submoduleId);
  }

  readRows(target: ImportTarget, csv: string, options: ImportOptions): ImportRow[] {
    const entity = target.submoduleId as CrmImportEntity;
    const { mapping } = optionsOf(options);
    const [header, ...rows] = parseCsv(csv);
    if (!header) return [];
    const errors = crmImportMappingErrors(entity, header, mapping);
    if (errors.length > 0) throw new InvalidInputError(errors[0], { mapping: errors });
    return rows.map((cells, index) => {
      const input: Record<string, string> = {};
      mapping.forEach((key, column) => {
        if (key) input[key] = cells[column] ?? '';
      });
      return { row: index + 2, input };
    });
  }

  async importBatch(
    manager: EntityManager,
    owner: ImportOwner,
    target: ImportTarget,
    rows: ImportRow[],
    context: ImportBatchContext,
  ): Promise<ImportBatchOutcome> {
    const entity = target.submoduleId as CrmImportEntity;
    const { duplicates } = optionsOf(context.options);
    const refused: RecordImportRowError[] = [];
    const valid: Array<{ key: string | null; values: Values }> = [];
    for (const { row, input } of rows) {
      const keys = Object.keys(input);
      const result = validateCrmImportRow(
        entity,
        keys,
        keys.map((key) => String(input[key] ?? '')),
      );
      if (!result.ok) {
        refused.push({ row, errors: result.errors });
        continue;
      }
      const values = result.values;
      if (entity === 'deals' && typeof values.stage === 'string')
        values.status = dealStatusForStage(
          DEAL_STAGES.find((stage) => stage === values.stage) ?? ('prospecting' as DealStage),
        );
      valid.push({ key: crmImportMatchKey(entity, values), values });
    }

    const existing =
      duplicates === 'create'
        ? new Map<string, Record<string, unknown>>()
        : await this.existingByKey(manager, owner, entity, valid);
    const inserts: Insert[] = [];
    const updates = new Map<string, Update>();
    const newByKey = new Map<string, Insert>();
    let skipped = 0;
    let updated = 0;
    for (const { key, values } of valid) {
      const matchedNew = key && duplicates !== 'create' ? newByKey.get(key) : undefined;
      const matched = key && duplicates !== 'create' ? existing.get(key) : undefined;
      if (matchedNew || matched) {
        if (duplicates === 'skip') {
          skipped++;
          continue;
        }
        updated++;
        if (matchedNew) {
          Object.assign(matchedNew.values, values);
          continue;
        }
        const record = matched as Record<string, unknown>;
        const id = String(record.id);
        const change = updates.get(id) ?? { id, values: {}, previous: {} };
        for (const field of Object.keys(values))
          if (!(field in change.previous)) change.previous[field] = record[field] ?? null;
        Object.assign(change.values, values);
        updates.set(id, change);
        continue;
      }
      const insert = { id: randomUUID(), values };
      inserts.push(insert);
      if (key) newByKey.set(key, insert);
    }

    await this.insert(manager, owner, entity, inserts);
    await this.update(manager, owner, entity, [...updates.values()]);
    await this.log(manager, owner, context.importId, inserts, [...updates.values()]);
    return { created: inserts.length, updated, skipped, refused };
  }

  /** The scope's records whose match key is one of the batch's, oldest first wins. */
  private async existingByKey(
    manager: EntityManager,
    owner: ImportOwner,
    entity: CrmImportEntity,
    rows: Array<{ key: string | null }>,
  ): Promise<Map<string, Record<string, unknown>>> {
    const keys = [...new Set(rows.map((row) => row.key).filter((key): key is string => key !== null))];
    const found = new Map<string, Record<string, unknown>>();
    if (keys.length === 0) return found;
    const { table, matchSql } = CRM_IMPORT_TABLES[entity];
    const scope = scopeSql({ institutionId: owner.institutionId, userId: owner.userId }, 't', 2);
    const rowsFound: Array<{ key: string; record: Record<string, unknown> }> = await manager.query(
      `SELECT ${matchSql} AS key, to_jsonb(t) AS record FROM ${table} t
        WHERE ${matchSql} = ANY($1::text[]) AND ${scope.sql}
        ORDER BY t.created_at, t.id`,
      [keys, ...scope.params],
    );
    for (const { key, record } of rowsFound) if (!found.has(key)) found.set(key, record);
    return found;
  }

  private async insert(
    manager: EntityManager,
    owner: ImportOwner,
    entity: CrmImportEntity,
    inserts: Insert[],
  ): Promise<void> {
    if (inserts.length === 0) return;
    const { table, columns } = CRM_IMPORT_TABLES[entity];
    const names = columns.map((column) => column.key);
    const values = columns.map((column) =>
      column.otherwise
        ? `COALESCE(${jsonValueSql('r.v', column)}, ${column.otherwise})`
        : jsonValueSql('r.v', column),
    );
    const closed =
      entity === 'deals' ? `, CASE WHEN r.v->>'stage' IN ('closed_won', 'closed_lost') THEN now() END` : '';
    await manager.query(
      `INSERT INTO ${table} (id, org_id, owner_id, ${names.join(', ')}${entity === 'deals' ? ', closed_at' : ''})
       SELECT (r.v->>'id')::uuid, $2, $3, ${values.join(', ')}${closed}
         FROM jsonb_array_elements($1::jsonb) AS r(v)`,
      [
        JSON.stringify(inserts.map((insert) => ({ ...insert.values, id: insert.id }))),
        owner.institutionId,
        owner.userId,
      ],
    );
  }

  private async update(
    manager: EntityManager,
    owner: ImportOwner,
    entity: CrmImportEntity,
    updates: Update[],
  ): Promise<void> {
    if (updates.length === 0) return;
    const { table, columns } = CRM_IMPORT_TABLES[entity];
    const scope = scopeSql({ institutionId: owner.institutionId, userId: owner.userId }, 't', 2);
    await manager.query(
      `UPDATE ${table} t SET ${columns.map((column) => assignFromJsonSql('r.v', column)).join(', ')}
         FROM jsonb_array_elements($1::jsonb) AS r(v)
        WHERE t.id = (r.v->>'id')::uuid AND ${scope.sql}`,
      [JSON.stringify(updates.map((change) => ({ ...change.values, id: change.id }))), ...scope.params],
    );
  }

  /** What Undo reads: the rows created (no previous values) and the values updates replaced. */
  private async log(
    manager: EntityManager,
    owner: ImportOwner,
    importId: string,
    inserts: Insert[],
    updates: Update[],
  ): Promise<void> {
    const entries = [
      ...inserts.map((insert) => ({ id: insert.id, previous: null })),
      ...updates.map((change) => ({ id: change.id, previous: change.previous })),
    ];
    if (entries.length === 0) return;
    // A record changed twice by one import keeps its first log entry: the state before the import.
    await manager.query(
      `INSERT INTO crm_import_rows (import_id, org_id, owner_id, row_id, previous)
       SELECT $1, $2, $3, (e.v->>'id')::uuid, NULLIF(e.v->'previous', 'null'::jsonb)
         FROM jsonb_array_elements($4::jsonb) AS e(v)
       ON CONFLICT (import_id, row_id) DO NOTHING`,
      [importId, owner.institutionId, owner.userId, JSON.stringify(entries)],
    );
  }
}
