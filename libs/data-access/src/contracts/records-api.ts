import type { BackgroundJob } from './jobs';
import type { RecordValues } from './records/field-types';

/** A record as the records API returns it. */
export interface RecordItem {
  id: string;
  data: RecordValues;
  title: string;
  version: number;
  created_at: string;
  updated_at: string;
}

/** One page of a submodule's records, with the titles of the records its references point at. */
export interface RecordPage {
  rows: RecordItem[];
  total: number;
  limit: number;
  offset: number;
  /** Referenced record id → its title, for every reference value on this page. */
  labels: Record<string, string>;
}

/** The records of one submodule whose reference field points at a record (a patient's appointments). */
export interface RelatedRecordsGroup {
  moduleId: string;
  submoduleId: string;
  /** Singular and plural words of the referring submodule: "Appointment", "Appointments". */
  entityName: string;
  entityNamePlural: string;
  /** The referring field and its label ("patient", "Patient"). */
  field: string;
  fieldLabel: string;
  /** How many records point here; `records` holds the most recent of them. */
  total: number;
  records: Array<{ id: string; title: string }>;
}

/** Every record pointing at one record, grouped by submodule and field; empty groups left out. */
export interface RelatedRecords {
  groups: RelatedRecordsGroup[];
}

/** How many referring records of each group a record's page lists. */
export const RELATED_RECORDS_PER_GROUP = 20;

export interface RecordImportRowError {
  /** The row's number as a spreadsheet shows it (the header is row 1). */
  row: number;
  errors: Record<string, string>;
}

/** A CSV import: rows done of the file's total, and the refused rows by row number. */
export interface RecordImportStatus extends BackgroundJob {
  total_rows: number;
  processed_rows: number;
  created_count: number;
  error_count: number;
  /** The first rows refused, with a message per field. */
  errors: RecordImportRowError[];
}

export interface InsightKpiValue {
  label: string;
  kind: 'count' | 'countWhere' | 'sum' | 'nextDate';
  /** A number for counts and sums, an ISO date(-time) or null for nextDate. */
  value: number | string | null;
  /** money when the summed field is money: format as currency. */
  format: 'number' | 'money' | 'date';
  source: string;
}

export interface InsightChartValue {
  title: string;
  kind: 'countBy' | 'sumBy' | 'countByMonth';
  format: 'number' | 'money';
  source: string;
  points: Array<{ key: string; label: string; value: number }>;
}

export interface ModuleInsights {
  moduleId: string;
  submoduleId: string;
  title: string;
  kpis: InsightKpiValue[];
  charts: InsightChartValue[];
}
