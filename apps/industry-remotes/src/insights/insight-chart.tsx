import type { InsightChartValue } from '@tessera/data-access/contracts';
import { TitledCard } from '@tessera/ui';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import styled, { useTheme } from 'styled-components';
import { chartShape, chartTick, chartValue, pointLabel } from './insight-values';

const Figure = styled.figure`
  margin: 0;
  height: 260px;
`;

const DataTable = styled.details`
  margin-top: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  summary { cursor: pointer; color: ${({ theme }) => theme.colors.textMuted}; }
  table { border-collapse: collapse; margin-top: 4px; }
  th, td { text-align: left; padding: 2px 12px 2px 0; }
`;

/** One chart of an insights screen, with its numbers as a table for keyboard and screen readers. */
export function InsightChart({ chart }: { chart: InsightChartValue }) {
  const theme = useTheme();
  const data = chart.points.map((point) => ({ ...point, name: pointLabel(point.key, point.label) }));
  const empty = data.every((point) => point.value === 0);
  const axis = { fontSize: 12, fill: theme.colors.textMuted };
  return (
    <TitledCard title={chart.title}>
      {empty ? (
        <p>No records to chart yet.</p>
      ) : (
        <Figure aria-label={`${chart.title} chart`} role="img">
          <ResponsiveContainer width="100%" height="100%">
            {chartShape(chart) === 'line' ? (
              <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" />
                <XAxis dataKey="name" tick={axis} />
                <YAxis
                  tick={axis}
                  allowDecimals={false}
                  tickFormatter={(value: number) => chartTick(chart, value)}
                />
                <Tooltip formatter={(value) => chartValue(chart, Number(value))} />
                <Line
                  type="monotone"
                  dataKey="value"
                  name={chart.title}
                  stroke={theme.colors.primary}
                  strokeWidth={2}
                />
              </LineChart>
            ) : (
              <BarChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }}>
                <CartesianGrid stroke={theme.colors.border} strokeDasharray="3 3" vertical={false} />
                <XAxis
                  dataKey="name"
                  tick={axis}
                  interval={0}
                  angle={data.length > 5 ? -20 : 0}
                  textAnchor={data.length > 5 ? 'end' : 'middle'}
                  height={data.length > 5 ? 56 : 30}
                />
                <YAxis
                  tick={axis}
                  allowDecimals={chart.format === 'money'}
                  tickFormatter={(value: number) => chartTick(chart, value)}
                />
                <Tooltip
                  formatter={(value) => chartValue(chart, Number(value))}
                  cursor={{ fill: theme.colors.surfaceMuted }}
                />
                <Bar dataKey="value" name={chart.title} fill={theme.colors.primary} radius={[4, 4, 0, 0]} />
              </BarChart>
            )}
          </ResponsiveContainer>
        </Figure>
      )}
      <DataTable>
        <summary>Show data</summary>
        <table>
          <thead>
            <tr>
              <th scope="col">{chart.kind === 'countByMonth' ? 'Month' : 'Group'}</th>
              <th scope="col">{chart.format === 'money' ? 'Amount' : 'Count'}</th>
            </tr>
          </thead>
          <tbody>
            {data.map((point) => (
              <tr key={point.key}>
                <td>{point.name}</td>
                <td>{chartValue(chart, point.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </DataTable>
    </TitledCard>
  );
}
