import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  CRM_RECORD_PATHS,
  compactUsd,
  DEAL_STAGE_LABELS,
  type DealStage,
  findRecordSchema,
  prefixTsQuery,
  type RecordValues,
  recordPath,
  SEARCH_CANDIDATE_LIMIT,
  SEARCH_GROUP_LIMIT,
  type SearchGroup,
  type SearchHit,
  type SearchResults,
  searchableFields,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { type RowOwner, scopeSql } from '../access/scoped-query';
import type { TenantScope } from '../access/tenant-scope';
import { SEARCH_CONFIG, SEARCH_DOCUMENT_COLUMN } from './search-documents';
import { ModuleCatalogue } from '../registry/module-catalogue.service';

const CRM_MODULE = 'crm';

interface RankedRow {
  id: string;
  rank: number;
}

interface RecordRow extends RankedRow {
  module_id: string;
  submodule_id: string;
  title: string;
  data: RecordValues;
}

interface PersonRow extends RankedRow {
  first_name: string;
  last_name: string;
  email: string | null;
  company: string | null;
  phone: string | null;
}
const PERSON_COLUMNS = 't.first_name, t.last_name, t.email, t.company, t.phone';

interface CompanyRow extends RankedRow {
  name: string;
  domain: string | null;
  industry: string | null;
  phone: string | null;
}

interface DealRow extends RankedRow {
  name: string;
  stage: DealStage;
  amount: string;
}

/** The parts that are set, joined as a hit's key fields. */
function keyFields(parts: ReadonlyArray<unknown>): string {
  return parts
    .filter((part) => part !== null && part !== undefined && part !== '')
    .map(String)
    .join(' · ');
}

const byRank = (a: SearchHit, b: SearchHit): number => b.rank - a.rank || a.title.localeCompare(b.title);

/**
 * Search across everything (docs/product/search.md#search-across-everything): records of every
 * module the caller may read and the CRM's contacts, deals and leads, matched by prefix against
 * the stored search documents (GIN, search-documents.ts), ranked by ts_rank, grouped by module.
 * Every query starts from the scope layer; row-level security holds the same line beneath.
 */
@Injectable()
export class SearchService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  async find(scope: TenantScope, text: string): Promise<SearchResults> {
    const query = prefixTsQuery(text);
    const readable = new Set(scope.readableModules ?? []);
    if (!query || readable.size === 0) return { groups: [] };

    const recordModules = [...readable].filter((moduleId) => moduleId !== CRM_MODULE);
    const [records, crm] = await Promise.all([
      this.records(scope, query, recordModules),
      readable.has(CRM_MODULE) ? this.crm(scope, query) : Promise.resolve([]),
    ]);

    const byModule = new Map<string, SearchHit[]>();
    for (const row of records) {
      const hits = byModule.get(row.module_id) ?? [];
      hits.push(this.recordHit(row));
      byModule.set(row.module_id, hits);
    }
    if (crm.length > 0) byModule.set(CRM_MODULE, crm.sort(byRank).slice(0, SEARCH_GROUP_LIMIT));

    const groups: SearchGroup[] = [...byModule].map(([moduleId, hits]) => ({
      module_id: moduleId,
      module_name: this.catalogue.find(moduleId)?.name ?? moduleId,
      hits: hits.sort(byRank),
    }));
    // The group holding the best hit comes first.
    groups.sort(
      (a, b) => (b.hits[0]?.rank ?? 0) - (a.hits[0]?.rank ?? 0) || a.module_name.localeCompare(b.module_name),
    );
    return { groups };
  }

  /** The best hits of each readable module, at most SEARCH_GROUP_LIMIT per module, in one statement. */
  private async records(scope: RowOwner, query: string, modules: string[]): Promise<RecordRow[]> {
    if (modules.length === 0) return [];
    const condition = scopeSql(scope, 'r', 5);
    // docs/product/search.md: the best hits among the first SEARCH_CANDIDATE_LIMIT matches.
    return this.dataSource.query(
      `SELECT id, module_id, submodule_id, title, data, rank FROM (
         SELECT c.*, row_number() OVER (PARTITION BY c.module_id ORDER BY c.rank DESC, c.title, c.id) AS place
         FROM (
           SELECT r.id, r.module_id, r.submodule_id, r.title, r.data,
                  ts_rank(r.${SEARCH_DOCUMENT_COLUMN}, q.query) AS rank
           FROM records r CROSS JOIN to_tsquery('${SEARCH_CONFIG}', $1) AS q(query)
           WHERE r.${SEARCH_DOCUMENT_COLUMN} @@ q.query AND r.module_id = ANY($2) AND ${condition.sql}
           LIMIT $4
         ) c
       ) ranked
       WHERE place <= $3`,
      [query, modules, SEARCH_GROUP_LIMIT, SEARCH_CANDIDATE_LIMIT, ...condition.params],
    );
  }

  private recordHit(row: RecordRow): SearchHit {
    const schema = findRecordSchema(row.module_id, row.submodule_id);
    const subtitle = schema
      ? keyFields(
          searchableFields(schema)
            .filter((field) => field.key !== schema.titleField)
            .map((field) => row.data[field.key]),
        )
      : '';
    return {
      id: row.id,
      kind: 'record',
      kind_label: schema?.entityName ?? row.submodule_id,
      title: row.title,
      subtitle,
      path: recordPath(row.module_id, row.submodule_id, row.id),
      rank: Number(row.rank),
    };
  }

  /**
   * The CRM's contacts, companies, deals and leads, the best SEARCH_GROUP_LIMIT of each (the
   * module's group then keeps the best of all four).
   */
  private async crm(scope: RowOwner, query: string): Promise<SearchHit[]> {
    const [contacts, companies, deals, leads] = await Promise.all([
      this.best<PersonRow>(scope, query, 'crm_contacts', PERSON_COLUMNS),
      this.best<CompanyRow>(scope, query, 'crm_companies', 't.name, t.domain, t.industry, t.phone'),
      this.best<DealRow>(scope, query, 'crm_deals', 't.name, t.stage, t.amount'),
      this.best<PersonRow>(scope, query, 'crm_leads', PERSON_COLUMNS),
    ]);
    // Contacts and leads are both people: named, and described by e-mail, company and phone.
    const person = (row: PersonRow, kind: 'contact' | 'lead', path: string): SearchHit => ({
      id: row.id,
      kind,
      kind_label: kind === 'contact' ? 'Contact' : 'Lead',
      title: `${row.first_name} ${row.last_name}`.trim(),
      subtitle: keyFields([row.email, row.company, row.phone]),
      path,
      rank: Number(row.rank),
    });
    return [
      ...contacts.map((row) => person(row, 'contact', CRM_RECORD_PATHS.contact())),
      ...companies.map(
        (row): SearchHit => ({
          id: row.id,
          kind: 'company',
          kind_label: 'Company',
          title: row.name,
          subtitle: keyFields([
            row.domain,
            row.industry && `${row.industry[0]?.toUpperCase()}${row.industry.slice(1)}`,
            row.phone,
          ]),
          path: CRM_RECORD_PATHS.company(row.id),
          rank: Number(row.rank),
        }),
      ),
      ...deals.map(
        (row): SearchHit => ({
          id: row.id,
          kind: 'deal',
          kind_label: 'Deal',
          title: row.name,
          subtitle: keyFields([DEAL_STAGE_LABELS[row.stage] ?? row.stage, compactUsd(row.amount)]),
          path: CRM_RECORD_PATHS.deal(row.id),
          rank: Number(row.rank),
        }),
      ),
      ...leads.map((row) => person(row, 'lead', CRM_RECORD_PATHS.lead(row.id))),
    ];
  }

  /** One table's best matches in scope (table and columns are fixed names, never user input). */
  private best<Row extends RankedRow>(
    scope: RowOwner,
    query: string,
    table: 'crm_contacts' | 'crm_companies' | 'crm_deals' | 'crm_leads',
    columns: string,
  ): Promise<Row[]> {
    const condition = scopeSql(scope, 't', 4);
    // docs/product/search.md: the best hits among the first SEARCH_CANDIDATE_LIMIT matches.
    return this.dataSource.query(
      `SELECT * FROM (
         SELECT t.id, ${columns}, ts_rank(t.${SEARCH_DOCUMENT_COLUMN}, q.query) AS rank
         FROM ${table} t CROSS JOIN to_tsquery('${SEARCH_CONFIG}', $1) AS q(query)
         WHERE t.${SEARCH_DOCUMENT_COLUMN} @@ q.query AND ${condition.sql}
         LIMIT $3
       ) c
       ORDER BY c.rank DESC, c.id
       LIMIT $2`,
      [query, SEARCH_GROUP_LIMIT, SEARCH_CANDIDATE_LIMIT, ...condition.params],
    );
  }
}
