/**
 * Overview, dashboard, analytics, reports and profitability submodules keep no records of their
 * own: they summarise the records of their module's other submodules. A ModuleInsightsDefinition
 * says which, and which KPIs and charts to compute from them (docs/product/modules.md: each module has an
 * overview at /modules/{module}).
 */

interface InsightBase {
  /** The submodule (of the same module) whose records are summarised. */
  source: string;
}

/** How many records the source holds. */
export interface CountKpi extends InsightBase {
  kind: 'count';
  label: string;
}

/** How many records have an enum field at one of these values ("Overdue invoices"). */
export interface CountWhereKpi extends InsightBase {
  kind: 'countWhere';
  label: string;
  field: string;
  values: readonly string[];
}

/** The total of a money (or number) field, optionally over records at some enum values only. */
export interface SumKpi extends InsightBase {
  kind: 'sum';
  label: string;
  field: string;
  where?: { field: string; values: readonly string[] };
}

/** The earliest date or date-time field value that is today or later ("Next appointment"). */
export interface NextDateKpi extends InsightBase {
  kind: 'nextDate';
  label: string;
  field: string;
}

export type InsightKpi = CountKpi | CountWhereKpi | SumKpi | NextDateKpi;

/** Records counted per option of an enum field (bar or donut). */
export interface CountByChart extends InsightBase {
  kind: 'countBy';
  title: string;
  field: string;
}

/** A money (or number) field summed per option of an enum field. */
export interface SumByChart extends InsightBase {
  kind: 'sumBy';
  title: string;
  groupField: string;
  valueField: string;
}

/** Records counted per calendar month of a date or date-time field (trend line). */
export interface CountByMonthChart extends InsightBase {
  kind: 'countByMonth';
  title: string;
  field: string;
}

export type InsightChart = CountByChart | SumByChart | CountByMonthChart;

export interface ModuleInsightsDefinition {
  moduleId: string;
  /** overview, dashboard, analytics, reports, reporting, profitability … */
  submoduleId: string;
  title: string;
  description?: string;
  /** Every submodule summarised; each KPI's and chart's source is one of them. */
  sources: readonly string[];
  kpis: readonly InsightKpi[];
  charts: readonly InsightChart[];
  /**
   * Record collections managed inside this screen rather than from the sidebar: a module with only an
   * overview (real-estate) keeps its records here, and the overview embeds their table.
   */
  embeddedCollections?: readonly string[];
}
