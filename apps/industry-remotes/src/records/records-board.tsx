import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
  KeyboardSensor,
  MouseSensor,
  TouchSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  type EnumFieldDefinition,
  enumLabel,
  findField,
  type RecordItem,
  type RecordPage,
  type RecordSchema,
} from '@tessera/data-access/contracts';
import { useUpdateRecord } from '@tessera/data-access/hooks';
import { Badge, focusRing, TextLink, toast } from '@tessera/ui';
import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { boardColumns, isMove, NO_VALUE_COLUMN, neighbourColumn } from './board-columns';
import { formatFieldValue } from './format-value';
import { Muted, NativeSelect } from './records-styles';

/** docs/product/pipeline.md#drag-and-drop: mouse drag after 5 px, touch long press 120 ms, drag layer z-index 5000. */
const MOUSE_DISTANCE_PX = 5;
const TOUCH_DELAY_MS = 120;
const DRAG_Z_INDEX = 5000;
/** docs/product/pipeline.md#drag-and-drop: autoscroll starts at 25% of the container. */
const AUTOSCROLL = { threshold: { x: 0.25, y: 0.25 } };

const Columns = styled.div`
  display: grid;
  grid-auto-flow: column;
  grid-auto-columns: minmax(224px, 1fr);
  gap: ${({ theme }) => theme.space(3)};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space(2)};
`;

const Column = styled.section<{ $over: boolean }>`
  background: ${({ theme, $over }) => ($over ? theme.colors.primaryMuted : theme.colors.surfaceMuted)};
  border: 1px solid ${({ theme, $over }) => ($over ? theme.colors.primary : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(3)};
  min-height: 200px;
  h3 {
    display: flex;
    justify-content: space-between;
    font-size: ${({ theme }) => theme.font.size.md};
    margin: 0 0 ${({ theme }) => theme.space(3)};
  }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(2)}; }
`;

const Card = styled.article<{ $dragging?: boolean }>`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  box-shadow: ${({ theme, $dragging }) => ($dragging ? theme.shadow.popover : theme.shadow.card)};
  padding: ${({ theme }) => theme.space(3)};
  opacity: ${({ $dragging }) => ($dragging ? 0.4 : 1)};
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  font-size: ${({ theme }) => theme.font.size.sm};
  .top { display: flex; gap: ${({ theme }) => theme.space(2)}; align-items: flex-start; }
  .top a { flex: 1; min-width: 0; overflow-wrap: anywhere; }
  dl { margin: 0; display: grid; grid-template-columns: auto 1fr; gap: 2px 8px; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
  .move { display: flex; gap: 6px; align-items: center; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Handle = styled.button`
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  border-radius: ${({ theme }) => theme.radii.sm};
  cursor: grab;
  padding: 0 6px;
  line-height: 20px;
  touch-action: none;
  ${focusRing}
`;

interface CardProps {
  record: RecordItem;
  columnId: string;
  schema: RecordSchema;
  field: EnumFieldDefinition;
  labels: Record<string, string>;
  canWrite: boolean;
  detailPath: string;
  /** A move of this card is on its way to the server: no second move until it lands. */
  moving: boolean;
  onMove: (record: RecordItem, value: string) => void;
}

/** Up to two more list columns on each card, so it says more than its title. */
function cardDetails(schema: RecordSchema, field: EnumFieldDefinition) {
  return schema.listColumns
    .filter((key) => key !== schema.titleField && key !== field.key)
    .slice(0, 2)
    .map((key) => findField(schema, key))
    .filter((candidate): candidate is NonNullable<typeof candidate> => candidate !== undefined);
}

function BoardCard({
  record,
  columnId,
  schema,
  field,
  labels,
  canWrite,
  detailPath,
  moving,
  onMove,
}: CardProps) {
  const { setNodeRef, setActivatorNodeRef, listeners, attributes, isDragging } = useDraggable({
    id: record.id,
    data: { record, column: columnId },
    disabled: !canWrite || moving,
  });
  const current = typeof record.data[field.key] === 'string' ? String(record.data[field.key]) : '';
  return (
    <Card ref={setNodeRef} $dragging={isDragging} aria-label={record.title} aria-busy={moving || undefined}>
      <div className="top">
        {canWrite ? (
          <Handle
            ref={setActivatorNodeRef}
            type="button"
            {...attributes}
            {...listeners}
            aria-label={`Drag ${record.title}`}
          >
            ⠿
          </Handle>
        ) : null}
        <TextLink to={detailPath}>{record.title}</TextLink>
      </div>
      <dl>
        {cardDetails(schema, field).map((detail) => (
          <div key={detail.key} style={{ display: 'contents' }}>
            <dt>{detail.label}</dt>
            <dd>{formatFieldValue(detail, record.data[detail.key], labels)}</dd>
          </div>
        ))}
      </dl>
      {canWrite ? (
        <div className="move">
          <label htmlFor={`move-${record.id}`}>Move to</label>
          <NativeSelect
            id={`move-${record.id}`}
            aria-label={`Move ${record.title} to`}
            value={current}
            disabled={moving}
            onChange={(event) => onMove(record, event.target.value)}
          >
            {current ? null : <option value="">—</option>}
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      ) : null}
    </Card>
  );
}

function BoardColumn({
  id,
  label,
  count,
  children,
}: {
  id: string;
  label: string;
  count: number;
  children: React.ReactNode;
}) {
  const { setNodeRef, isOver } = useDroppable({ id, disabled: id === NO_VALUE_COLUMN });
  return (
    <Column ref={setNodeRef} $over={isOver} aria-label={`${label} (${count})`}>
      <h3>
        {label} <Badge>{count}</Badge>
      </h3>
      <ul>{children}</ul>
    </Column>
  );
}

export interface RecordsBoardProps {
  schema: RecordSchema;
  page: RecordPage | undefined;
  canWrite: boolean;
  detailPath: (record: RecordItem) => string;
}

/**
 * The board: one column per option of the schema's board field. Cards move by dragging their
 * handle (mouse, touch, or keyboard: Space to lift, ←/→ between columns, Space to drop, Escape to
 * cancel) or through each card's "Move to" select. Moves are optimistic and rolled back on refusal.
 */
export function RecordsBoard({ schema, page, canWrite, detailPath }: RecordsBoardProps) {
  const field = schema.boardField ? findField(schema, schema.boardField) : undefined;
  const update = useUpdateRecord({
    moduleId: schema.moduleId,
    submoduleId: schema.submoduleId,
  });
  const [active, setActive] = useState<RecordItem | null>(null);
  const rows = page?.rows ?? [];
  const enumField = field?.type === 'enum' ? field : null;
  const columns = useMemo(() => (enumField ? boardColumns(enumField, rows) : []), [enumField, rows]);
  const columnIds = columns.map((column) => column.id);

  // Arrow keys jump a lifted card to the neighbouring column (dnd-kit's default moves 25 px).
  const coordinateGetter = useMemo<KeyboardCoordinateGetter>(
    () =>
      (event, { context, currentCoordinates }) => {
        if (event.code !== 'ArrowRight' && event.code !== 'ArrowLeft') return undefined;
        event.preventDefault();
        const from = String(context.over?.id ?? context.active?.data.current?.column ?? columnIds[0]);
        const to = neighbourColumn(columnIds, from, event.code === 'ArrowRight' ? 1 : -1);
        const rect = context.droppableRects.get(to);
        if (!rect) return currentCoordinates;
        const width = context.collisionRect?.width ?? 0;
        return { x: rect.left + (rect.width - width) / 2, y: rect.top + 48 };
      },
    [columnIds],
  );

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_DELAY_MS, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter }),
  );

  if (!enumField) return null;
  const labelOf = (value: string) => enumLabel(enumField, value);

  function move(record: RecordItem, value: string) {
    if (!enumField || !isMove(record, enumField.key, value)) return;
    update.mutate(
      { id: record.id, data: { [enumField.key]: value }, version: record.version },
      {
        onError: (error) =>
          toast({
            title: `${record.title} was not moved`,
            description: error.message,
            variant: 'destructive',
          }),
      },
    );
  }

  function onDragStart(event: DragStartEvent) {
    setActive((event.active.data.current?.record as RecordItem | undefined) ?? null);
  }

  function onDragEnd(event: DragEndEvent) {
    setActive(null);
    const record = event.active.data.current?.record as RecordItem | undefined;
    if (record && event.over) move(record, String(event.over.id));
  }

  const titleOf = (id: string | number) => rows.find((row) => row.id === id)?.title ?? 'card';
  const columnLabel = (id: string | number | undefined) =>
    id === undefined ? '' : (columns.find((column) => column.id === id)?.label ?? String(id));

  return (
    <DndContext
      sensors={sensors}
      autoScroll={AUTOSCROLL}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActive(null)}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            'To move this card, press Space. Use the left and right arrow keys to choose a column, Space again to drop it there, or Escape to cancel.',
        },
        announcements: {
          onDragStart: ({ active: item }) => `Picked up ${titleOf(item.id)}.`,
          onDragOver: ({ active: item, over }) =>
            over
              ? `${titleOf(item.id)} is over ${columnLabel(over.id)}.`
              : `${titleOf(item.id)} is not over a column.`,
          onDragEnd: ({ active: item, over }) =>
            over
              ? `${titleOf(item.id)} moved to ${columnLabel(over.id)}.`
              : `${titleOf(item.id)} was dropped.`,
          onDragCancel: ({ active: item }) => `Moving ${titleOf(item.id)} was cancelled.`,
        },
      }}
    >
      {!canWrite ? (
        <p>
          <Muted>You can view this board; moving cards needs write access.</Muted>
        </p>
      ) : null}
      <Columns aria-label={`${schema.entityNamePlural} by ${enumField.label.toLowerCase()}`}>
        {columns.map((column) => (
          <BoardColumn key={column.id} id={column.id} label={column.label} count={column.records.length}>
            {column.records.map((record) => (
              <li key={record.id}>
                <BoardCard
                  record={record}
                  columnId={column.id}
                  schema={schema}
                  field={enumField}
                  labels={page?.labels ?? {}}
                  canWrite={canWrite}
                  detailPath={detailPath(record)}
                  moving={update.isPending && update.variables?.id === record.id}
                  onMove={move}
                />
              </li>
            ))}
          </BoardColumn>
        ))}
      </Columns>
      <DragOverlay zIndex={DRAG_Z_INDEX}>
        {active ? (
          <Card $dragging={false} aria-hidden="true">
            <strong>{active.title}</strong>
            <Muted>{labelOf(String(active.data[enumField.key] ?? ''))}</Muted>
          </Card>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
