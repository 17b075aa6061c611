import { saveFile } from '@tessera/data-access/client';
import { type CrmReport, toCsv } from '@tessera/data-access/contracts';
import { ANALYTICS_PERIOD_LABELS } from './analytics-format';

/**
 * Export: every figure the screen shows for the period, as section,metric,value rows, so the
 * file opens as one table in any spreadsheet. Names come from people (stages, sources, sellers):
 * the product's one CSV writer guards them against formulas.
 */
export function reportCsv(report: CrmReport): string {
  const rows: Array<[string, string, string | number]> = [
    ['Period', 'Range', `${ANALYTICS_PERIOD_LABELS[report.period]} (${report.start} to ${report.end})`],
    ['Summary', 'Total Revenue', report.tiles.revenue],
    ['Summary', 'Previous Period Revenue', report.tiles.previous_revenue],
    ['Summary', 'Revenue Change %', report.tiles.revenue_change_percent],
    ['Summary', 'Conversion Rate %', report.tiles.conversion_rate],
    ['Summary', 'Pipeline Velocity (days)', report.tiles.pipeline_velocity_days],
    ['Summary', 'Win Rate %', report.tiles.win_rate],
    ['Summary', 'Deals', report.tiles.deals_count],
    ['Summary', 'Leads', report.tiles.leads_count],
    ...report.trends.flatMap(
      (bucket): Array<[string, string, number]> => [
        ['Trends', `Revenue from ${bucket.start}`, bucket.revenue],
        ['Trends', `Leads from ${bucket.start}`, bucket.leads],
        ['Trends', `Deals from ${bucket.start}`, bucket.deals],
      ],
    ),
    ...report.pipeline.by_stage.map((stage): [string, string, number] => [
      'Deals by Stage',
      stage.label,
      stage.count,
    ]),
    ...report.pipeline.by_source.map((source): [string, string, number] => [
      'Conversion by Source %',
      source.source,
      source.conversion_rate,
    ]),
    ...report.performance.top_performers.map((person): [string, string, number] => [
      'Top Performers (won revenue)',
      person.name,
      person.won_revenue,
    ]),
    ...report.performance.activity_breakdown.map((activity): [string, string, number] => [
      'Activities',
      activity.type,
      activity.count,
    ]),
    ['Forecast', 'Next Quarter Projection', report.forecast.next_quarter_projection],
    ['Forecast', 'Growth Rate %', report.forecast.growth_rate_percent],
    ['Forecast', 'Confidence %', report.forecast.confidence_percent],
    ['Forecast', 'Method', report.forecast.method],
  ];
  return toCsv([['Section', 'Metric', 'Value'], ...rows]);
}

/** Saves text as a file through a temporary link (no server round trip). */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8'): void {
  saveFile(new Blob([text], { type }), filename);
}
