import type { Contact } from '@tessera/data-access/contracts';
import { useMemo } from 'react';
import { Cell, Legend, Pie, PieChart, ResponsiveContainer, Tooltip } from 'recharts';
import { ChartCard } from './chart-card';
import { SOURCE_COLOURS, sourceBreakdown } from './crm-figures';

/** Contact Source Breakdown (docs/product/analytics.md#charts): a pie with its legend. */
export function ContactSourceChart({ contacts }: { contacts: readonly Contact[] }) {
  const data = useMemo(() => sourceBreakdown(contacts), [contacts]);
  return (
    <ChartCard
      id="contact-sources"
      title="Contact Source Breakdown"
      empty={data.length === 0 ? 'No contacts yet' : null}
    >
      <div
        role="img"
        aria-label={`Contact sources: ${data.map((row) => `${row.source} ${row.count}`).join(', ')}`}
      >
        <ResponsiveContainer width="100%" height={260}>
          <PieChart>
            <Pie
              data={data}
              dataKey="count"
              nameKey="source"
              innerRadius={45}
              outerRadius={85}
              isAnimationActive={false}
            >
              {data.map((row, index) => (
                <Cell key={row.source} fill={SOURCE_COLOURS[index % SOURCE_COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip />
            <Legend verticalAlign="bottom" />
          </PieChart>
        </ResponsiveContainer>
      </div>
    </ChartCard>
  );
}
