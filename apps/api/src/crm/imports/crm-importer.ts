import { randomUUID } from 'node:crypto';
import { Injectable, type OnModuleInit } from '@nestjs/common';
import {
  CRM_IMPORT_ENTITIES,
  CRM_IMPORT_MATCH_FIELDS,
  companyNameTakenMessage,
  type CrmImportEntity,
  type CrmImportValue,
  crmImportMappingErrors,
  crmImportMatchKeys,
  DEAL_STAGES,
  type DealStage,
  DUPLICATE_MODES,
  type DuplicateMode,
  dealStatusForStage,
  parseCsv,
  productPriceCurrency,
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
import { keepCompanyLinks } from '../companies/company-links';
import { WebhookEvents } from '../../integrations/webhook-events.service';
import { AutomationRunner } from '../automation/automation-runner';
import { crmRowEvent, crmRowsById } from '../common/crm-webhook-rows';
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

/** Entities whose rows name a company that the import links them to (created when missing). */
const LINKS_COMPANY: ReadonlySet<CrmImportEntity> = new Set(['contacts', 'deals']);

/** Match fields whose value is unique in a scope: a row cannot create a second record with it. */
const UNIQUE_MATCH_FIELDS: Record<CrmImportEntity, readonly string[]> = {
  contacts: [],
  leads: [],
  companies: ['name'],
  deals: [],
  products: ['code'],
};

/** What a row is told when its unique value belongs to another record. */
const UNIQUE_VALUE_TAKEN: Partial<Record<CrmImportEntity, (holder: string) => string>> = {
  companies: companyNameTakenMessage,
  products: () => 'Another product has this code',
};

/** A product row's `Price XXX` fields, by currency (`{ USD: 1999 }`). */
function pricesOf(values: Values): Record<string, number> {
  const prices: Record<string, number> = {};
  for (const [key, value] of Object.entries(values)) {
    const currency = productPriceCurrency(key);
    if (currency && typeof value === 'number') prices[currency] = value;
  }
  return prices;
}

/**
 * A product row as its table takes it: its price fields become the `prices` column, laid over the
 * prices the product had (`base`), so a file's empty price cell keeps that currency's price, as an
 * empty cell keeps any other field. Values stay JSON-safe: the object travels as its JSON text.
 */
function withPrices(values: Values, base: Record<string, number> | null): Values {
  const prices = pricesOf(values);
  const rest = Object.fromEntries(
    Object.entries(values).filter(([key]) => productPriceCurrency(key) === undefined),
  );
  if (Object.keys(prices).length === 0) return rest;
  return { ...rest, prices: JSON.stringify({ ...(base ?? {}), ...prices }) };
}

function firstMatch<T>(keys: readonly string[], found: Map<string, T>): T | undefined {
  for (const key of keys) {
    const match = found.get(key);
    if (match) return match;
  }
  return undefined;
}

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
 * validateCrmImportRow; a row whose e-mail (people), name (deals) or code (products) matches a record is skipped,
 * updates it or is created anyway, as the import says. Each batch is three statements in the
 * batch's transaction: inserts, updates and the import's row log that Undo reads.
 */
@Injectable()
export class CrmImporter implements CsvImporter, OnModuleInit {
  /** Three statements per batch whatever its size: bigger batches, fewer round trips (100,000 rows in 50). */
  readonly batchSize = 2000;

  constructor(
    private readonly imports: ImportJobs,
    private readonly webhooks: WebhookEvents,
    private readonly automation: AutomationRunner,
  ) {}

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
    const valid: Array<{ row: number; keys: string[]; values: Values }> = [];
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
      valid.push({ row, keys: crmImportMatchKeys(entity, values), values });
    }

    // "Create anyway" still looks up what must stay unique (a company's name).
    const lookupFields =
      duplicates === 'create' ? UNIQUE_MATCH_FIELDS[entity] : CRM_IMPORT_MATCH_FIELDS[entity];
    const existing = await this.existingByKey(manager, owner, entity, lookupFields, valid);
    const inserts: Insert[] = [];
    const updates = new Map<string, Update>();
    const newByKey = new Map<string, Insert>();
    let skipped = 0;
    let updated = 0;
    for (const { row, keys, values } of valid) {
      const matchKeys = duplicates === 'create' ? [] : keys;
      const matchedNew = firstMatch(matchKeys, newByKey);
      const matched = matchedNew ? undefined : firstMatch(matchKeys, existing);
      const target = matchedNew?.id ?? (matched ? String(matched.id) : undefined);
      const taken = this.uniqueValueTaken(entity, keys, newByKey, existing, target);
      if (taken && !(duplicates === 'skip' && target)) {
        refused.push({ row, errors: taken });
        continue;
      }
      if (matchedNew || matched) {
        if (duplicates === 'skip') {
          skipped++;
          continue;
        }
        updated++;
        if (matchedNew) {
          Object.assign(matchedNew.values, values);
          for (const key of keys) if (!newByKey.has(key)) newByKey.set(key, matchedNew);
          continue;
        }
        const record = matched as Record<string, unknown>;
        const id = String(record.id);
        const change = updates.get(id) ?? { id, values: {}, previous: {} };
        // A company name brings its link along: Undo gives back the link it replaced too; a
        // product's price columns are one column of the table.
        const fields =
          LINKS_COMPANY.has(entity) && 'company' in values
            ? [...Object.keys(values), 'company_id']
            : entity === 'products'
              ? Object.keys(withPrices(values, null))
              : Object.keys(values);
        for (const field of fields)
          if (!(field in change.previous)) change.previous[field] = record[field] ?? null;
        Object.assign(change.values, values);
        updates.set(id, change);
        continue;
      }
      const insert = { id: randomUUID(), values };
      inserts.push(insert);
      for (const key of keys) if (!newByKey.has(key)) newByKey.set(key, insert);
    }

    if (entity === 'products') {
      for (const insert of inserts) insert.values = withPrices(insert.values, null);
      for (const change of updates.values())
        change.values = withPrices(
          change.values,
          (change.previous.prices as Record<string, number> | undefined) ?? null,
        );
    }
    if (LINKS_COMPANY.has(entity))
      await this.linkCompanies(manager, owner, entity, context.importId, [
        ...inserts.map((insert) => insert.values),
        ...[...updates.values()].map((change) => change.values),
      ]);
    await this.insert(manager, owner, entity, inserts);
    await this.update(manager, owner, entity, [...updates.values()]);
    await this.log(manager, owner, context.importId, inserts, [...updates.values()]);
    // One event per row, as if made one by one; read and written only for the endpoints listening.
    const { institutionId } = owner;
    const createdEvent = crmRowEvent(entity, 'created');
    if (createdEvent)
      await this.webhooks.emitMany(
        manager,
        institutionId,
        createdEvent,
        crmRowsById(
          manager,
          entity,
          inserts.map((insert) => insert.id),
        ),
      );
    // New leads and deals set off their automation rules as their webhooks go out (docs/product/automation.md#new-leads-and-deals).
    if (entity === 'leads' || entity === 'deals')
      await this.automation.onImported(
        manager,
        { ...owner, email: '', isSuperAdmin: false, role: null, level: 'write' },
        entity,
        inserts.map((insert) => insert.id),
      );
    const updatedEvent = crmRowEvent(entity, 'updated');
    if (updatedEvent)
      await this.webhooks.emitMany(
        manager,
        institutionId,
        updatedEvent,
        crmRowsById(manager, entity, [...updates.keys()]),
      );
    return { created: inserts.length, updated, skipped, refused };
  }

  /**
   * The per-field refusal of a row whose unique value (a company's name) belongs to another record
   * than the one it would create or update; undefined when the row may go ahead.
   */
  private uniqueValueTaken(
    entity: CrmImportEntity,
    keys: readonly string[],
    newByKey: Map<string, Insert>,
    existing: Map<string, Record<string, unknown>>,
    target: string | undefined,
  ): Record<string, string> | undefined {
    for (const field of UNIQUE_MATCH_FIELDS[entity]) {
      const key = keys.find((candidate) => candidate.startsWith(`${field}:`));
      if (!key) continue;
      const holder = newByKey.get(key)?.id ?? (existing.has(key) ? String(existing.get(key)?.id) : undefined);
      if (holder && holder !== target) {
        const holderName = newByKey.get(key)?.values[field] ?? existing.get(key)?.[field];
        const message = UNIQUE_VALUE_TAKEN[entity] ?? companyNameTakenMessage;
        return { [field]: message(String(holderName)) };
      }
    }
    return undefined;
  }

  /**
   * Rows naming a company are linked to the scope's company of that name (compared without case),
   * which is created when the CRM has none; the import's row log lists the companies it created, so
   * Undo removes them. A contact's company text becomes the company's own spelling.
   */
  private async linkCompanies(
    manager: EntityManager,
    owner: ImportOwner,
    entity: CrmImportEntity,
    importId: string,
    rows: Values[],
  ): Promise<void> {
    const named = rows.filter((values) => typeof values.company === 'string' && values.company.trim() !== '');
    if (named.length === 0) return;
    const byKey = new Map<string, string>();
    for (const values of named) {
      const name = String(values.company).trim();
      if (!byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
    }
    const scope = scopeSql({ institutionId: owner.institutionId, userId: owner.userId }, 't', 2);
    const find = async (keys: string[]): Promise<Array<{ id: string; name: string; key: string }>> =>
      manager.query(
        `SELECT t.id, t.name, lower(t.name) AS key FROM crm_companies t
          WHERE lower(t.name) = ANY($1::text[]) AND ${scope.sql}`,
        [keys, ...scope.params],
      );
    const companies = new Map((await find([...byKey.keys()])).map((company) => [company.key, company]));
    const missing = [...byKey.entries()].filter(([key]) => !companies.has(key));
    if (missing.length > 0) {
      // Another import may create one of them at the same moment: its row stands, ours is skipped.
      const created: Array<{ id: string; name: string; key: string }> = await manager.query(
        `INSERT INTO crm_companies (id, org_id, owner_id, name)
         SELECT gen_random_uuid(), $2, $3, n.name FROM jsonb_array_elements_text($1::jsonb) AS n(name)
         ON CONFLICT DO NOTHING RETURNING id, name, lower(name) AS key`,
        [JSON.stringify(missing.map(([, name]) => name)), owner.institutionId, owner.userId],
      );
      if (created.length > 0) {
        await this.webhooks.emitMany(
          manager,
          owner.institutionId,
          'company.created',
          crmRowsById(
            manager,
            'companies',
            created.map((company) => company.id),
          ),
        );
        await manager.query(
          `INSERT INTO crm_import_rows (import_id, org_id, owner_id, row_id, entity)
           SELECT $1, $2, $3, id, 'companies' FROM unnest($4::uuid[]) AS id`,
          [importId, owner.institutionId, owner.userId, created.map((company) => company.id)],
        );
      }
      for (const company of created) companies.set(company.key, company);
      const raced = missing.map(([key]) => key).filter((key) => !companies.has(key));
      if (raced.length > 0) for (const company of await find(raced)) companies.set(company.key, company);
    }
    for (const values of named) {
      const company = companies.get(String(values.company).trim().toLowerCase());
      if (!company) continue;
      values.company_id = company.id;
      if (entity === 'contacts') values.company = company.name;
      else delete values.company;
    }
  }

  /**
   * The scope's records whose value of a match field is one of the batch's, by match key
   * (`domain:acme.com`); where several share it, the oldest.
   */
  private async existingByKey(
    manager: EntityManager,
    owner: ImportOwner,
    entity: CrmImportEntity,
    fields: readonly string[],
    rows: Array<{ keys: string[] }>,
  ): Promise<Map<string, Record<string, unknown>>> {
    const found = new Map<string, Record<string, unknown>>();
    const { table, match } = CRM_IMPORT_TABLES[entity];
    const scope = scopeSql({ institutionId: owner.institutionId, userId: owner.userId }, 't', 2);
    for (const field of fields) {
      const prefix = `${field}:`;
      const values = [
        ...new Set(
          rows.flatMap((row) =>
            row.keys.filter((key) => key.startsWith(prefix)).map((key) => key.slice(prefix.length)),
          ),
        ),
      ];
      if (values.length === 0) continue;
      const rowsFound: Array<{ key: string; record: Record<string, unknown> }> = await manager.query(
        `SELECT ${match[field]} AS key, to_jsonb(t) AS record FROM ${table} t
          WHERE ${match[field]} = ANY($1::text[]) AND ${scope.sql}
          ORDER BY t.created_at, t.id`,
        [values, ...scope.params],
      );
      for (const { key, record } of rowsFound) if (!found.has(prefix + key)) found.set(prefix + key, record);
    }
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
    const touched = entity === 'products' ? ', updated_at = now()' : '';
    await manager.query(
      `UPDATE ${table} t SET ${columns.map((column) => assignFromJsonSql('r.v', column)).join(', ')}${touched}
         FROM jsonb_array_elements($1::jsonb) AS r(v)
        WHERE t.id = (r.v->>'id')::uuid AND ${scope.sql}`,
      [JSON.stringify(updates.map((change) => ({ ...change.values, id: change.id }))), ...scope.params],
    );
    await keepCompanyLinks(
      manager,
      entity,
      updates.map((change) => change.id),
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
