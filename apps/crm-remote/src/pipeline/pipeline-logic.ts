import { DEAL_STAGES, type Deal, type DealStage, shortId } from '@tessera/data-access/contracts';

/** Drag and drop constants (docs/product/pipeline.md#drag-and-drop). */
export const DRAG_CONSTANTS = {
  mouseActivationDistancePx: 5,
  touchLongPressMs: 120,
  touchTolerancePx: 5,
  /** Autoscroll starts at 25% of the container and is at full speed at 5%. */
  autoScrollStartRatio: 0.25,
  autoScrollFullSpeedRatio: 0.05,
  autoScrollMaxPxPerStep: 28,
  autoScrollDampeningMinMs: 360,
  autoScrollDampeningMaxMs: 1200,
  /** The card being dragged sits above everything; while it animates back it drops to 4500. */
  dragZIndex: 5000,
  dropAnimationZIndex: 4500,
  /** The drop animation takes 330 ms (near) to 550 ms (far), on an ease-out curve. */
  dropAnimationMinMs: 330,
  dropAnimationMaxMs: 550,
  dropAnimationEasing: 'cubic-bezier(0.2, 1, 0.1, 1)',
  /** The cards of a column make room for the dragged one in 0.2 s (the spec's displacement). */
  displacementMs: 200,
  displacementEasing: 'ease',
} as const;

/** docs/product/deals.md#deal-stages: a deal with no stage sits in prospecting. */
export function stageOf(deal: Pick<Deal, 'stage'>): DealStage {
  return deal.stage && (DEAL_STAGES as readonly string[]).includes(deal.stage) ? deal.stage : 'prospecting';
}

export type DealsByStage = Record<DealStage, Deal[]>;

export function groupDealsByStage(deals: readonly Deal[]): DealsByStage {
  const columns = Object.fromEntries(DEAL_STAGES.map((stage) => [stage, [] as Deal[]])) as DealsByStage;
  for (const deal of deals) columns[stageOf(deal)].push(deal);
  return columns;
}

/** Sum of a column's amounts (numeric columns may arrive as strings). */
export function columnTotal(deals: readonly Pick<Deal, 'amount'>[]): number {
  return deals.reduce((sum, deal) => sum + (Number(deal.amount) || 0), 0);
}

/** docs/product/pipeline.md#search-and-owner-filter: case-insensitive match of the name or the description; blank matches all. */
export function matchesDealSearch(deal: Pick<Deal, 'name' | 'description'>, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return (
    (deal.name ?? '').toLowerCase().includes(needle) ||
    (deal.description ?? '').toLowerCase().includes(needle)
  );
}

/** docs/product/pipeline.md#search-and-owner-filter: the owner filter matches on owner id; empty matches all. */
export function matchesOwner(deal: Pick<Deal, 'owner_id'>, ownerId: string | null): boolean {
  return !ownerId || deal.owner_id === ownerId;
}

/** Where a card was dropped: a stage's column, and the card it landed on when it landed on one. */
export interface DropTarget {
  stage: string;
  dealId: string | null;
}

/** What a droppable under the card is: a card (sortable, carrying its stage) or a column (its id is the stage). */
export function dropTargetOf(
  over: { id: string | number; data?: { current?: Record<string, unknown> | null } } | null,
): DropTarget | null {
  if (!over) return null;
  const data = over.data?.current;
  if (data?.type === 'deal' && typeof data.stage === 'string')
    return { stage: data.stage, dealId: String(over.id) };
  return { stage: String(over.id), dealId: null };
}

export type DropDecision =
  | { kind: 'none' }
  /** Into another stage, before the card it landed on (or at the column's end). */
  | { kind: 'move'; dealId: string; from: DealStage; to: DealStage; beforeDealId: string | null }
  /** Within its own stage, onto another card's place (docs/product/pipeline.md#card-order). */
  | { kind: 'reorder'; dealId: string; stage: DealStage; overDealId: string };

/**
 * docs/product/pipeline.md#drag-and-drop: a drop on another stage changes the deal's stage; a drop on another card of
 * its own stage changes only the order; anything else changes nothing.
 */
export function decideDrop(
  deal: Pick<Deal, 'id' | 'stage'> | undefined,
  target: DropTarget | null,
): DropDecision {
  if (!deal || !target || !(DEAL_STAGES as readonly string[]).includes(target.stage)) return { kind: 'none' };
  const from = stageOf(deal);
  const to = target.stage as DealStage;
  if (from !== to) return { kind: 'move', dealId: deal.id, from, to, beforeDealId: target.dealId };
  if (target.dealId && target.dealId !== deal.id)
    return { kind: 'reorder', dealId: deal.id, stage: from, overDealId: target.dealId };
  return { kind: 'none' };
}

/** docs/product/pipeline.md#card-order: the user's saved ids first in their order, then the rest as they came. */
export function orderColumn<T extends Pick<Deal, 'id'>>(
  deals: readonly T[],
  order: readonly string[] | undefined,
): T[] {
  if (!order || order.length === 0) return [...deals];
  const rank = new Map(order.map((id, index) => [id, index]));
  const ranked = deals.filter((deal) => rank.has(deal.id));
  ranked.sort((a, b) => (rank.get(a.id) ?? 0) - (rank.get(b.id) ?? 0));
  return [...ranked, ...deals.filter((deal) => !rank.has(deal.id))];
}

/** A column's ids with `dealId` taken to `overDealId`'s place (the sortable list's move). */
export function moveCard(ids: readonly string[], dealId: string, overDealId: string): string[] {
  const from = ids.indexOf(dealId);
  const to = ids.indexOf(overDealId);
  if (from === -1 || to === -1) return [...ids];
  const next = [...ids];
  next.splice(from, 1);
  next.splice(to, 0, dealId);
  return next;
}

/** A column's ids with `dealId` (arriving from another stage) placed before `beforeDealId`, or last. */
export function placeCard(ids: readonly string[], dealId: string, beforeDealId: string | null): string[] {
  const next = ids.filter((id) => id !== dealId);
  const at = beforeDealId ? next.indexOf(beforeDealId) : -1;
  next.splice(at === -1 ? next.length : at, 0, dealId);
  return next;
}

const DAY_MS = 86_400_000;

/** Days from today (local calendar) to a YYYY-MM-DD date. */
function daysUntil(date: string, now: Date): number {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  const target = Date.UTC(y, m - 1, d);
  const today = Date.UTC(now.getFullYear(), now.getMonth(), now.getDate());
  return Math.round((target - today) / DAY_MS);
}

export type CloseDateBadge = { label: string; tone: 'overdue' | 'soon' | 'later' };

/** docs/product/pipeline.md#deal-card: Overdue, Today, Tomorrow or N days; nothing without a date. */
export function closeDateBadge(
  expectedCloseDate: string | null | undefined,
  now: Date,
): CloseDateBadge | null {
  if (!expectedCloseDate || !/^\d{4}-\d{2}-\d{2}/.test(expectedCloseDate)) return null;
  const days = daysUntil(expectedCloseDate, now);
  if (days < 0) return { label: 'Overdue', tone: 'overdue' };
  if (days === 0) return { label: 'Today', tone: 'soon' };
  if (days === 1) return { label: 'Tomorrow', tone: 'soon' };
  return { label: `${days} days`, tone: days <= 7 ? 'soon' : 'later' };
}

/** Month and day of a YYYY-MM-DD date, e.g. `Mar 5` (no time-zone shift). */
export function monthDay(date: string): string {
  const [y, m, d] = date.slice(0, 10).split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** The colour dot of each stage (docs/product/pipeline.md#deals-pipeline), in pipeline order. */
export const STAGE_COLOURS: Record<DealStage, string> = {
  prospecting: '#64748b',
  qualification: '#2f54eb',
  proposal: '#7c3aed',
  negotiation: '#d97706',
  closed_won: '#1b7f3b',
  closed_lost: '#c62828',
};

/** The drop animation's length: longer the further the card travelled, within docs/product/pipeline.md's bounds. */
export function dropAnimationMs(delta: { x: number; y: number }): number {
  const { dropAnimationMinMs: min, dropAnimationMaxMs: max } = DRAG_CONSTANTS;
  return Math.round(min + (max - min) * Math.min(1, Math.hypot(delta.x, delta.y) / 1500));
}

/** docs/product/pipeline.md#search-and-owner-filter: the board shows the deals matching the search, the owner and the page's filters. */
export function visibleDeals(
  deals: readonly Deal[],
  search: string,
  ownerId: string | null,
  matchesPageFilters: (deal: Deal) => boolean,
): Deal[] {
  return deals.filter(
    (deal) => matchesDealSearch(deal, search) && matchesOwner(deal, ownerId) && matchesPageFilters(deal),
  );
}

export interface OwnerOption {
  value: string;
  label: string;
}

/** The owner filter's options: all owners, then each owner of a deal (the signed-in user as Me). */
export function ownerOptions(
  deals: readonly Pick<Deal, 'owner_id'>[],
  userId: string | undefined,
): OwnerOption[] {
  const ids = [...new Set(deals.map((deal) => deal.owner_id).filter(Boolean))].sort();
  return [
    { value: 'all', label: 'All owners' },
    ...ids.map((id) => ({
      value: id,
      label: id === userId ? `Me (${shortId(id)})` : `Owner ${shortId(id)}`,
    })),
  ];
}
