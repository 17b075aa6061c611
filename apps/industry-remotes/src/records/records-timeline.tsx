import {
  enumLabel,
  findField,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
} from '@tessera/data-access/contracts';
import { EmptyState, TextLink } from '@tessera/ui';
import { useMemo } from 'react';
import styled from 'styled-components';
import { formatFieldValue } from './format-value';
import { monthTicks, timelineBar, timelineRange, todayOffset } from './timeline-geometry';

const LABEL_WIDTH = 220;

/** Bar colours per status option, all readable under white text (WCAG AA at 12 px bold). */
const STATUS_COLOURS = [
  '#2f54eb',
  '#7c3aed',
  '#0f766e',
  '#b45309',
  '#be123c',
  '#475569',
  '#15803d',
  '#9d174d',
];

function statusColour(index: number): string {
  return STATUS_COLOURS[Math.max(index, 0) % STATUS_COLOURS.length];
}

const Legend = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  li { display: inline-flex; align-items: center; gap: 6px; }
  span { width: 12px; height: 12px; border-radius: 3px; display: inline-block; }
`;

const Frame = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: ${({ theme }) => theme.colors.surface};
`;

const Inner = styled.div`
  min-width: 760px;
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: ${LABEL_WIDTH}px 1fr;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: none; }
  > .label {
    padding: 8px 12px;
    border-right: 1px solid ${({ theme }) => theme.colors.border};
    overflow: hidden;
    text-overflow: ellipsis;
    white-space: nowrap;
  }
`;

const Track = styled.div`
  position: relative;
  min-height: 36px;
`;

// A line across the whole height of the track, placed by its left offset.
const TrackLine = styled.span`
  position: absolute;
  top: 0;
  bottom: 0;
`;

const Tick = styled(TrackLine)`
  border-left: 1px dashed ${({ theme }) => theme.colors.border};
  padding-left: 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-weight: 600;
  white-space: nowrap;
  line-height: 36px;
`;

const TodayLine = styled(TrackLine)`
  border-left: 2px solid ${({ theme }) => theme.colors.destructive};
  pointer-events: none;
`;

const Bar = styled(TextLink)<{ $colour: string }>`
  position: absolute;
  top: 7px;
  height: 22px;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ $colour }) => $colour};
  color: #fff;
  font-weight: 600;
  font-size: 12px;
  line-height: 22px;
  padding: 0 6px;
  white-space: nowrap;
  overflow: hidden;
  text-overflow: ellipsis;
  &:hover { text-decoration: none; filter: brightness(1.1); }
`;

export interface RecordsTimelineProps {
  schema: RecordSchema;
  page: RecordPage | undefined;
  detailPath: (record: RecordItem) => string;
}

/**
 * A Gantt chart: one row per record, a bar from its start to its (inclusive) end over whole
 * months, a red line at today. Bars are links to the record; their colour follows the board
 * field (the status) when the schema has one.
 */
export function RecordsTimeline({ schema, page, detailPath }: RecordsTimelineProps) {
  const startField = schema.timelineStartField ? findField(schema, schema.timelineStartField) : undefined;
  const endField = schema.timelineEndField ? findField(schema, schema.timelineEndField) : undefined;
  const statusField = schema.boardField ? findField(schema, schema.boardField) : undefined;
  const type = startField?.type === 'dateTime' ? 'dateTime' : 'date';
  const rows = page?.rows ?? [];
  const range = useMemo(
    () => (startField && endField ? timelineRange(rows, startField.key, endField.key, type) : null),
    [rows, startField, endField, type],
  );
  if (!startField || !endField || !range) return null;
  const dated = rows.filter((row) => row.data[startField.key]);
  if (dated.length === 0) {
    return (
      <EmptyState
        title={`No ${schema.entityNamePlural.toLowerCase()} with a ${startField.label.toLowerCase()} yet`}
      />
    );
  }
  const ticks = monthTicks(range);
  const today = todayOffset(range);
  const sorted = [...dated].sort((a, b) =>
    String(a.data[startField.key]).localeCompare(String(b.data[startField.key])),
  );

  return (
    <>
      <Frame role="region" aria-label={`${schema.entityNamePlural} timeline`} tabIndex={0}>
        <Inner>
          <Row aria-hidden="true">
            <div className="label">
              <strong>{schema.entityName}</strong>
            </div>
            <Track>
              {ticks.map((tick) => (
                <Tick key={tick.date.toISOString()} style={{ left: `${tick.left}%` }}>
                  {tick.date.toLocaleDateString(undefined, { month: 'short', year: 'numeric' })}
                </Tick>
              ))}
            </Track>
          </Row>
          <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {sorted.map((record) => {
              const bar = timelineBar(record, startField.key, endField.key, type, range);
              const from = formatFieldValue(startField, record.data[startField.key]);
              const to = formatFieldValue(endField, record.data[endField.key]);
              const status =
                statusField?.type === 'enum' && typeof record.data[statusField.key] === 'string'
                  ? String(record.data[statusField.key])
                  : '';
              const tone =
                statusField?.type === 'enum' ? statusField.options.findIndex((o) => o.value === status) : 0;
              const statusText =
                statusField?.type === 'enum' && status ? `, ${enumLabel(statusField, status)}` : '';
              return (
                <li key={record.id}>
                  <Row>
                    <div className="label" title={record.title}>
                      {record.title}
                    </div>
                    <Track>
                      {ticks.map((tick) => (
                        <TickLine key={tick.date.toISOString()} left={tick.left} />
                      ))}
                      {today !== null ? <TodayLine style={{ left: `${today}%` }} /> : null}
                      {bar ? (
                        <Bar
                          to={detailPath(record)}
                          $colour={statusColour(tone)}
                          style={{ left: `${bar.left}%`, width: `${bar.width}%` }}
                          aria-label={`${record.title}: ${from} to ${to}${statusText}`}
                          title={`${record.title}: ${from} – ${to}${statusText}`}
                        >
                          {record.title}
                        </Bar>
                      ) : null}
                    </Track>
                  </Row>
                </li>
              );
            })}
          </ul>
        </Inner>
      </Frame>
      {statusField?.type === 'enum' ? (
        <Legend aria-label={`${statusField.label} colours`}>
          {statusField.options.map((option, index) => (
            <li key={option.value}>
              <span aria-hidden="true" style={{ background: statusColour(index) }} />
              {option.label}
            </li>
          ))}
        </Legend>
      ) : null}
    </>
  );
}

const GridLine = styled.span`
  position: absolute;
  top: 0;
  bottom: 0;
  border-left: 1px dashed ${({ theme }) => theme.colors.border};
`;

function TickLine({ left }: { left: number }) {
  return <GridLine aria-hidden="true" style={{ left: `${left}%` }} />;
}
