import type { InsightKpiValue } from '@tessera/data-access/contracts';
import { chartShape, chartTick, chartValue, insightUsd, kpiDisplay, pointLabel } from './insight-values';

function kpi(value: InsightKpiValue['value'], format: InsightKpiValue['format']): InsightKpiValue {
  return { label: 'K', kind: 'sum', value, format, source: 'x' };
}

describe('insight values', () => {
  it('shows money compact on cards with the exact amount kept', () => {
    expect(kpiDisplay(kpi(1_250_000, 'money'), 'en-US')).toEqual({ text: '$1.3M', exact: '$1,250,000.00' });
    expect(kpiDisplay(kpi(950.5, 'money'), 'en-US').text).toBe('$950.50');
    expect(insightUsd(12_400)).toBe('$12.4K');
    expect(insightUsd(2_000)).toBe('$2K');
  });

  it('shows counts, dates and missing next dates', () => {
    expect(kpiDisplay(kpi(1234, 'number'), 'en-US').text).toBe('1,234');
    expect(kpiDisplay(kpi('2026-03-04', 'date'), 'en-US').text).toBe('Mar 4, 2026');
    expect(kpiDisplay(kpi(null, 'date')).text).toBe('None upcoming');
  });

  it('formats chart values, ticks, shapes and month labels', () => {
    expect(chartValue({ format: 'money' }, 1500)).toBe('$1,500.00');
    expect(chartTick({ format: 'money' }, 1500)).toBe('$1.5K');
    expect(chartTick({ format: 'number' }, 1500, 'en-US')).toBe('1,500');
    expect(chartShape({ kind: 'countByMonth' })).toBe('line');
    expect(chartShape({ kind: 'sumBy' })).toBe('bar');
    expect(pointLabel('2026-03', 'whatever', 'en-US')).toBe('Mar 2026');
    expect(pointLabel('in_progress', 'In progress')).toBe('In progress');
  });
});
