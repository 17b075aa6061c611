import type { Deal } from '@tessera/data-access/contracts';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Cell, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { ChartCard } from './chart-card';
import { FUNNEL_COLOURS, funnelCounts } from './crm-figures';

/** Sales Funnel (docs/product/analytics.md#charts): deal counts of the first five stages. */
export function SalesFunnelChart({ deals }: { deals: readonly Deal[] }) {
  const data = useMemo(() => funnelCounts(deals), [deals]);
  const total = data.reduce((sum, row) => sum + row.count, 0);
  return (
    <ChartCard id="sales-funnel" title="Sales Funnel" empty={total === 0 ? 'No deals yet' : null}>
      <div
        role="img"
        aria-label={`Sales funnel: ${data.map((row) => `${row.label} ${row.count}`).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height={260}>
          <BarChart data={data} layout="vertical" margin={{ top: 8, right: 16, left: 8, bottom: 0 }}>
            <CartesianGrid strokeDasharray="3 3" horizontal={false} />
            <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12 }} />
            <YAxis type="category" dataKey="label" width={96} tick={{ fontSize: 12 }} interval={0} />
            <Tooltip />
            <Bar dataKey="count" name="Deals" radius={[0, 4, 4, 0]} isAnimationActive={false}>
              {data.map((row, index) => (
                <Cell key={row.stage} fill={FUNNEL_COLOURS[index % FUNNEL_COLOURS.length]} />
              ))}
            </Bar>
          </BarChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
