/**
 * Next-quarter revenue projection for CRM Analytics (docs/product/analytics.md#formulas). The method is
 * stated on screen: an ordinary least-squares line through the trailing months of won revenue,
 * extended three months; the confidence is the line's fit (R², 0–100) and the growth rate
 * compares the projected quarter with the last three actual months.
 */
import type { ForecastPoint, RevenueForecast } from '@tessera/data-access/contracts';

export const FORECAST_HISTORY_MONTHS = 6;
export const FORECAST_HORIZON_MONTHS = 3;

export const forecastMethod = (months: number): string =>
  `Least-squares linear trend over the last ${months} complete months of won revenue (by close date), extended ${FORECAST_HORIZON_MONTHS} months; confidence is the trend’s fit (R²).`;

const round2 = (value: number): number => Math.round(value * 100) / 100;

/** Slope, intercept and R² of y over x = 0, 1, 2 … */
export function linearTrend(values: readonly number[]): { slope: number; intercept: number; r2: number } {
  const n = values.length;
  if (n === 0) return { slope: 0, intercept: 0, r2: 0 };
  if (n === 1) return { slope: 0, intercept: values[0] ?? 0, r2: 0 };
  const meanX = (n - 1) / 2;
  const meanY = values.reduce((sum, y) => sum + y, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  values.forEach((y, x) => {
    sxy += (x - meanX) * (y - meanY);
    sxx += (x - meanX) ** 2;
    syy += (y - meanY) ** 2;
  });
  const slope = sxx === 0 ? 0 : sxy / sxx;
  const intercept = meanY - slope * meanX;
  // A flat series is explained perfectly by a flat line, unless there is nothing at all.
  const r2 = syy === 0 ? (meanY === 0 ? 0 : 1) : (sxy * sxy) / (sxx * syy);
  return { slope, intercept, r2 };
}

/** Adds `count` months to a YYYY-MM-01 date. */
export function addMonths(month: string, count: number): string {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const date = new Date(Date.UTC(year, monthIndex - 1 + count, 1));
  return date.toISOString().slice(0, 10);
}

export function forecastRevenue(history: readonly ForecastPoint[]): RevenueForecast {
  const values = history.map((point) => point.value);
  const { slope, intercept, r2 } = linearTrend(values);
  const lastMonth = history.at(-1)?.month;
  const projection: ForecastPoint[] = lastMonth
    ? Array.from({ length: FORECAST_HORIZON_MONTHS }, (_, step) => ({
        month: addMonths(lastMonth, step + 1),
        // Revenue cannot be negative, whatever the slope says.
        value: round2(Math.max(0, intercept + slope * (values.length + step))),
      }))
    : [];
  const next = projection.reduce((sum, point) => sum + point.value, 0);
  const lastQuarter = values.slice(-FORECAST_HORIZON_MONTHS).reduce((sum, value) => sum + value, 0);
  const growth = lastQuarter === 0 ? (next > 0 ? 100 : 0) : ((next - lastQuarter) / lastQuarter) * 100;
  return {
    method: forecastMethod(history.length),
    history: history.map((point) => ({ month: point.month, value: round2(point.value) })),
    projection,
    next_quarter_projection: round2(next),
    last_quarter_actual: round2(lastQuarter),
    growth_rate_percent: round2(growth),
    confidence_percent: Math.round(Math.min(1, Math.max(0, r2)) * 100),
    slope_per_month: round2(slope),
  };
}
