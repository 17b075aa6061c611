import { Injectable } from '@nestjs/common';
import {
  findField,
  findModuleInsights,
  findRecordSchema,
  type InsightChart,
  type InsightChartValue,
  type InsightKpi,
  type InsightKpiValue,
  isEnumField,
  type ModuleInsights,
  type RecordSchema,
} from '@tessera/data-access/contracts';
import type { TenantScope } from '../access/tenant-scope';
import { NotFoundError } from '../common/domain-errors';
import { RecordScope, type SubmoduleRef } from './record-scope.service';

const MONTHS_SHOWN = 12;

function monthLabel(key: string): string {
  const [year, month] = key.split('-').map(Number);
  return new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, 1)).toLocaleString('en-US', {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/**
 * Overview, dashboard, analytics and report screens: KPIs and charts computed in PostgreSQL from
 * the module's own records, as the catalogue's insight definitions describe them.
 */
@Injectable()
export class RecordInsightsService {
  constructor(private readonly records: RecordScope) {}

  async compute(scope: TenantScope, ref: SubmoduleRef, today = new Date()): Promise<ModuleInsights> {
    const definition = findModuleInsights(ref.moduleId, ref.submoduleId);
    if (!definition) throw new NotFoundError(`Insights of ${ref.moduleId}/${ref.submoduleId}`);
    const kpis: InsightKpiValue[] = [];
    for (const kpi of definition.kpis) kpis.push(await this.kpi(scope, ref.moduleId, kpi, today));
    const charts: InsightChartValue[] = [];
    for (const chart of definition.charts) charts.push(await this.chart(scope, ref.moduleId, chart, today));
    return { moduleId: ref.moduleId, submoduleId: ref.submoduleId, title: definition.title, kpis, charts };
  }

  private source(moduleId: string, submoduleId: string): RecordSchema {
    const schema = findRecordSchema(moduleId, submoduleId);
    if (!schema) throw new NotFoundError(`Records of ${moduleId}/${submoduleId}`);
    return schema;
  }

  private async kpi(
    scope: TenantScope,
    moduleId: string,
    kpi: InsightKpi,
    today: Date,
  ): Promise<InsightKpiValue> {
    const schema = this.source(moduleId, kpi.source);
    const query = this.records.scopedQuery(scope, schema);
    const base = { label: kpi.label, kind: kpi.kind, source: kpi.source };
    switch (kpi.kind) {
      case 'count':
        return { ...base, format: 'number', value: await query.getCount() };
      case 'countWhere':
        return {
          ...base,
          format: 'number',
          value: await query
            .andWhere(`record.data->>:field IN (:...values)`, { field: kpi.field, values: [...kpi.values] })
            .getCount(),
        };
      case 'sum': {
        if (kpi.where) {
          query.andWhere(`record.data->>:whereField IN (:...whereValues)`, {
            whereField: kpi.where.field,
            whereValues: [...kpi.where.values],
          });
        }
        const row = await query
          .select(`COALESCE(SUM((record.data->>:field)::numeric), 0)`, 'total')
          .setParameter('field', kpi.field)
          .getRawOne<{ total: string }>();
        const field = findField(schema, kpi.field);
        return {
          ...base,
          format: field?.type === 'money' ? 'money' : 'number',
          value: Number(row?.total ?? 0),
        };
      }
      case 'nextDate': {
        const field = findField(schema, kpi.field);
        // ISO dates and instants order correctly as text.
        const from = field?.type === 'dateTime' ? today.toISOString() : today.toISOString().slice(0, 10);
        const row = await query
          .select(`MIN(record.data->>:field)`, 'next')
          .setParameter('field', kpi.field)
          .andWhere(`record.data->>:field >= :from`, { from })
          .getRawOne<{ next: string | null }>();
        return { ...base, format: 'date', value: row?.next ?? null };
      }
    }
  }

  private async chart(
    scope: TenantScope,
    moduleId: string,
    chart: InsightChart,
    today: Date,
  ): Promise<InsightChartValue> {
    const schema = this.source(moduleId, chart.source);
    const query = this.records.scopedQuery(scope, schema);
    const base = { title: chart.title, kind: chart.kind, source: chart.source };
    if (chart.kind === 'countByMonth') {
      const start = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - (MONTHS_SHOWN - 1), 1));
      const rows = await query
        .select(`substr(record.data->>:field, 1, 7)`, 'key')
        .addSelect('COUNT(*)', 'value')
        .setParameter('field', chart.field)
        .andWhere(`record.data->>:field >= :start`, { start: start.toISOString().slice(0, 10) })
        .groupBy('key')
        .getRawMany<{ key: string; value: string }>();
      const counts = new Map(rows.map((row) => [row.key, Number(row.value)]));
      const points = Array.from({ length: MONTHS_SHOWN }, (_, index) => {
        const month = new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + index, 1))
          .toISOString()
          .slice(0, 7);
        return { key: month, label: monthLabel(month), value: counts.get(month) ?? 0 };
      });
      return { ...base, format: 'number', points };
    }
    const groupField = chart.kind === 'countBy' ? chart.field : chart.groupField;
    const valueSql =
      chart.kind === 'countBy' ? 'COUNT(*)' : `COALESCE(SUM((record.data->>:valueField)::numeric), 0)`;
    if (chart.kind === 'sumBy') query.setParameter('valueField', chart.valueField);
    const rows = await query
      .select(`record.data->>:groupField`, 'key')
      .addSelect(valueSql, 'value')
      .setParameter('groupField', groupField)
      .groupBy('key')
      .getRawMany<{ key: string | null; value: string }>();
    const values = new Map(rows.map((row) => [row.key ?? '', Number(row.value)]));
    const field = findField(schema, groupField);
    // Enum charts show every option, zero included, in the schema's order.
    const points =
      field && isEnumField(field)
        ? field.options.map((option) => ({
            key: option.value,
            label: option.label,
            value: values.get(option.value) ?? 0,
          }))
        : [...values.entries()].map(([key, value]) => ({ key, label: key || 'None', value }));
    const valueField = chart.kind === 'sumBy' ? findField(schema, chart.valueField) : undefined;
    return { ...base, format: valueField?.type === 'money' ? 'money' : 'number', points };
  }
}
