import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  type DropAnimation,
  KeyboardSensor,
  MouseSensor,
  pointerWithin,
  rectIntersection,
  TouchSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { useAuth } from '@tessera/auth';
import {
  DEAL_STAGE_LABELS,
  DEAL_STAGES,
  type Deal,
  type DealStage,
  shortId,
} from '@tessera/data-access/contracts';
import {
  useDeals,
  usePipelinePreferences,
  useSavePipelinePreferences,
  useUpdateDeal,
} from '@tessera/data-access/hooks';
import { Button, EmptyState, Input, Label, Select, Spinner, toast } from '@tessera/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import styled from 'styled-components';
import { DealFormDialog } from '../deals/deal-form-dialog';
import { dealMatchesFilters, type CrmFilterValues } from '../filters/crm-filter-match';
import { columnKeyboardCoordinates } from './column-keyboard-coordinates';
import { ConfigureColumnsDialog } from './configure-columns-dialog';
import { DealCardOverlay } from './deal-card';
import { PipelineColumn } from './pipeline-column';
import {
  DRAG_CONSTANTS,
  decideDrop,
  groupDealsByStage,
  matchesDealSearch,
  matchesOwner,
} from './pipeline-logic';
import { useDragAutoScroll } from './use-drag-auto-scroll';
import { useCrmCanWrite } from '../crm-access/use-crm-can-write';

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  p { margin: 4px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Toolbar = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space(2)};
  flex-wrap: wrap;
`;

const FilterBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space(3)};
  padding: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  > div { margin-bottom: 0; min-width: 220px; }
`;

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

// Positioned, so absolutely placed descendants (screen-reader-only text) stay inside the
// scrolling board instead of widening the page.
const Board = styled.div`
  position: relative;
  display: flex;
  gap: ${({ theme }) => theme.space(3)};
  overflow-x: auto;
  padding-bottom: ${({ theme }) => theme.space(2)};
`;

const Status = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.font.size.sm};
  margin: 0 0 ${({ theme }) => theme.space(2)};
`;

const NO_FILTERS: CrmFilterValues = { segment: null, source: null, stage: null };

/** Mouse pointer: only the column under the pointer; keyboard (no pointer): the overlapped one. */
const collisionDetection: CollisionDetection = (args) =>
  args.pointerCoordinates ? pointerWithin(args) : rectIntersection(args);

function dealName(deal: Deal | undefined): string {
  return deal?.name?.trim() || 'Untitled Deal';
}

function stageLabel(id: string | number | undefined | null): string {
  return id && id in DEAL_STAGE_LABELS ? DEAL_STAGE_LABELS[id as DealStage] : String(id ?? '');
}

export interface DealsPipelineProps {
  /** The Enhanced CRM page's filter panel; the pipeline narrows its cards by it too. */
  filters?: CrmFilterValues;
  onSelectDeal: (dealId: string) => void;
}

/** Deals Pipeline (spec §2.4) with drag and drop between stages (spec §4, §9). */
export function DealsPipeline({ filters = NO_FILTERS, onSelectDeal }: DealsPipelineProps) {
  const canWrite = useCrmCanWrite();
  const { user } = useAuth();
  const deals = useDeals();
  const preferences = usePipelinePreferences();
  const savePreferences = useSavePipelinePreferences();
  const updateDeal = useUpdateDeal();

  const [search, setSearch] = useState('');
  const [ownerId, setOwnerId] = useState<string | null>(null);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [configureOpen, setConfigureOpen] = useState(false);
  const [newDealOpen, setNewDealOpen] = useState(false);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [dropMs, setDropMs] = useState<number>(DRAG_CONSTANTS.dropAnimationMinMs);
  const [savingIds, setSavingIds] = useState<ReadonlySet<string>>(new Set());
  const boardRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (deals.isError) toast({ title: 'Failed to load deals pipeline', variant: 'destructive' });
  }, [deals.isError]);

  const sensors = useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: DRAG_CONSTANTS.mouseActivationDistancePx } }),
    useSensor(TouchSensor, {
      activationConstraint: {
        delay: DRAG_CONSTANTS.touchLongPressMs,
        tolerance: DRAG_CONSTANTS.touchTolerancePx,
      },
    }),
    useSensor(KeyboardSensor, { coordinateGetter: columnKeyboardCoordinates }),
  );
  useDragAutoScroll(boardRef, activeId !== null);

  const allDeals = deals.data ?? [];
  const byId = useMemo(() => new Map(allDeals.map((deal) => [deal.id, deal])), [allDeals]);
  const visibleDeals = useMemo(
    () =>
      allDeals.filter(
        (deal) =>
          matchesDealSearch(deal, search) && matchesOwner(deal, ownerId) && dealMatchesFilters(deal, filters),
      ),
    [allDeals, search, ownerId, filters],
  );
  const columns = useMemo(() => groupDealsByStage(visibleDeals), [visibleDeals]);
  const hidden = preferences.data?.hidden_stages ?? [];
  const shownStages = DEAL_STAGES.filter((stage) => !hidden.includes(stage));
  // Badges count days from the day the board was opened.
  const [now] = useState(() => new Date());

  const owners = useMemo(() => {
    const ids = [...new Set(allDeals.map((deal) => deal.owner_id).filter(Boolean))].sort();
    return [
      { value: 'all', label: 'All owners' },
      ...ids.map((id) => ({
        value: id,
        label: id === user?.id ? `Me (${shortId(id)})` : `Owner ${shortId(id)}`,
      })),
    ];
  }, [allDeals, user?.id]);

  // The column the last announcement named: only a change of column is announced again.
  const announcedOver = useRef<string | null>(null);
  const announcements: Announcements = useMemo(
    () => ({
      onDragStart: ({ active }) => {
        announcedOver.current = String(active.data.current?.stage ?? '');
        return `Picked up deal ${dealName(byId.get(String(active.id)))} in ${stageLabel(active.data.current?.stage)}. Use the Left and Right arrow keys to move it to another stage.`;
      },
      onDragOver: ({ active, over }) => {
        const overId = over ? String(over.id) : null;
        if (overId === announcedOver.current) return undefined;
        announcedOver.current = overId;
        const name = dealName(byId.get(String(active.id)));
        return overId ? `Deal ${name} is over ${stageLabel(overId)}.` : `Deal ${name} is not over a stage.`;
      },
      onDragEnd: ({ active, over }) => {
        const name = dealName(byId.get(String(active.id)));
        if (!over) return `Deal ${name} was dropped outside the stages. Nothing changed.`;
        if (over.id === active.data.current?.stage)
          return `Deal ${name} was dropped back in ${stageLabel(over.id)}.`;
        return `Deal ${name} was dropped on ${stageLabel(over.id)}. Saving the new stage.`;
      },
      onDragCancel: ({ active }) =>
        `Moving was cancelled. Deal ${dealName(byId.get(String(active.id)))} stays in ${stageLabel(active.data.current?.stage)}.`,
    }),
    [byId],
  );

  const onDragStart = useCallback((event: DragStartEvent) => setActiveId(String(event.active.id)), []);

  const onDragEnd = useCallback(
    (event: DragEndEvent) => {
      const distance = Math.hypot(event.delta.x, event.delta.y);
      const { dropAnimationMinMs: min, dropAnimationMaxMs: max } = DRAG_CONSTANTS;
      setDropMs(Math.round(min + (max - min) * Math.min(1, distance / 1500)));
      setActiveId(null);
      const deal = byId.get(String(event.active.id));
      const decision = decideDrop(deal, event.over ? String(event.over.id) : null);
      if (decision.kind === 'none' || !deal) return;
      // Spec §4: the server first; the card moves only with the row the server answered.
      setSavingIds((ids) => new Set(ids).add(deal.id));
      updateDeal
        .mutateAsync({ id: deal.id, changes: { stage: decision.to, version: deal.version } })
        .then(() => toast({ title: 'Deal stage updated successfully' }))
        // On a 409 the hook reloads the deals, so a retry uses fresh data.
        .catch(() => toast({ title: 'Failed to update deal stage', variant: 'destructive' }))
        .finally(() =>
          setSavingIds((ids) => {
            const next = new Set(ids);
            next.delete(deal.id);
            return next;
          }),
        );
    },
    [byId, updateDeal],
  );

  const dropAnimation: DropAnimation = useMemo(
    () => ({
      duration: dropMs,
      easing: DRAG_CONSTANTS.dropAnimationEasing,
      sideEffects: ({ active, dragOverlay }) => {
        dragOverlay.node.style.zIndex = String(DRAG_CONSTANTS.dropAnimationZIndex);
        active.node.style.opacity = '0.4';
        return () => {
          active.node.style.opacity = '';
        };
      },
    }),
    [dropMs],
  );

  const activeDeal = activeId ? byId.get(activeId) : undefined;
  const filtered = search.trim() !== '' || ownerId !== null;

  return (
    <section aria-labelledby="deals-pipeline-heading">
      <Head>
        <div>
          <h2 id="deals-pipeline-heading">Deals Pipeline</h2>
          <p>Manage and track your sales opportunities</p>
        </div>
        <Toolbar>
          <Button
            variant="secondary"
            aria-expanded={filtersOpen}
            aria-controls="pipeline-filters"
            onClick={() => setFiltersOpen((open) => !open)}
          >
            Filters{filtered ? ' •' : ''}
          </Button>
          <Button variant="secondary" onClick={() => setConfigureOpen(true)}>
            Configure
          </Button>
          {canWrite ? <Button onClick={() => setNewDealOpen(true)}>New Deal</Button> : null}
        </Toolbar>
      </Head>

      {filtersOpen ? (
        <FilterBar id="pipeline-filters" role="search" aria-label="Pipeline filters">
          <Field>
            <Label htmlFor="pipeline-search">Search deals</Label>
            <Input
              id="pipeline-search"
              type="search"
              placeholder="Name or description"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
          </Field>
          <Select
            label="Owner"
            value={ownerId ?? 'all'}
            options={owners}
            onValueChange={(value) => setOwnerId(value === 'all' ? null : value)}
          />
          {filtered ? (
            <Button
              variant="ghost"
              onClick={() => {
                setSearch('');
                setOwnerId(null);
              }}
            >
              Clear
            </Button>
          ) : null}
        </FilterBar>
      ) : null}

      {deals.isPending ? (
        <Spinner label="Loading deals pipeline" block />
      ) : deals.isError ? (
        <EmptyState
          title="Failed to load deals pipeline"
          action={<Button onClick={() => void deals.refetch()}>Try again</Button>}
        />
      ) : (
        <>
          <Status aria-live="polite">
            {visibleDeals.length} of {allDeals.length} deals
            {savingIds.size > 0 ? ' · saving stage change…' : ''}
          </Status>
          <DndContext
            sensors={sensors}
            collisionDetection={collisionDetection}
            autoScroll={false}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setActiveId(null)}
            accessibility={{
              announcements,
              screenReaderInstructions: {
                draggable:
                  'To move a deal, press Space or Enter on its move button. Use the Left and Right arrow keys to move it between stages, then press Space or Enter to drop it, or Escape to cancel.',
              },
            }}
          >
            <Board ref={boardRef} aria-label="Deal stages">
              {shownStages.map((stage) => (
                <PipelineColumn
                  key={stage}
                  stage={stage}
                  deals={columns[stage]}
                  now={now}
                  onSelectDeal={onSelectDeal}
                />
              ))}
            </Board>
            <DragOverlay zIndex={DRAG_CONSTANTS.dragZIndex} dropAnimation={dropAnimation}>
              {activeDeal ? <DealCardOverlay deal={activeDeal} now={now} /> : null}
            </DragOverlay>
          </DndContext>
        </>
      )}

      <ConfigureColumnsDialog
        open={configureOpen}
        onOpenChange={setConfigureOpen}
        hiddenStages={hidden}
        saving={false}
        onChange={(hiddenStages) =>
          savePreferences.mutate(
            { hidden_stages: hiddenStages },
            { onError: () => toast({ title: 'Failed to save pipeline columns', variant: 'destructive' }) },
          )
        }
      />
      <DealFormDialog
        open={newDealOpen}
        onOpenChange={setNewDealOpen}
        onSaved={(deal) => onSelectDeal(deal.id)}
      />
    </section>
  );
}
