import {
  compactUsd,
  type Deal,
  probabilityColour,
  shortId,
  sourceLabel,
} from '@tessera/data-access/contracts';
import {
  closeDateBadge,
  columnTotal,
  decideDrop,
  dropTargetOf,
  moveCard,
  orderColumn,
  placeCard,
  DRAG_CONSTANTS,
  dropAnimationMs,
  groupDealsByStage,
  matchesDealSearch,
  matchesOwner,
  monthDay,
  ownerOptions,
  stageOf,
  visibleDeals,
} from './pipeline-logic';

const deal = (overrides: Partial<Deal>): Deal =>
  ({
    id: 'd1e2a3l4-0000-4000-8000-000000000001',
    name: 'Deal',
    description: null,
    amount: 0,
    stage: 'prospecting',
    owner_id: 'owner-1',
    ...overrides,
  }) as Deal;

describe('compact USD (docs/product/deals.md#display-rules)', () => {
  it('formats cards and column sums compactly', () => {
    expect(compactUsd(950)).toBe('$950');
    expect(compactUsd(1200)).toBe('$1.2K');
    expect(compactUsd(3_500_000)).toBe('$3.5M');
    expect(compactUsd('2500')).toBe('$2.5K');
    expect(compactUsd(null)).toBe('$0');
  });
  it('sums a column, reading string amounts', () => {
    expect(columnTotal([deal({ amount: 1000 }), deal({ amount: '250.5' as unknown as number })])).toBe(
      1250.5,
    );
    expect(compactUsd(columnTotal([]))).toBe('$0');
  });
});

describe('close date badge (docs/product/pipeline.md#deal-card)', () => {
  const now = new Date(2026, 10, 22, 15, 30);
  it('says Overdue, Today, Tomorrow or N days', () => {
    expect(closeDateBadge('2026-11-21', now)).toEqual({ label: 'Overdue', tone: 'overdue' });
    expect(closeDateBadge('2026-11-22', now)?.label).toBe('Today');
    expect(closeDateBadge('2026-11-23', now)?.label).toBe('Tomorrow');
    expect(closeDateBadge('2026-11-25', now)?.label).toBe('3 days');
    expect(closeDateBadge('2027-01-01', now)).toEqual({ label: '40 days', tone: 'later' });
  });
  it('has no badge without a date', () => {
    expect(closeDateBadge(null, now)).toBeNull();
    expect(closeDateBadge('soon', now)).toBeNull();
  });
  it('shows month and day without a time-zone shift', () => {
    expect(monthDay('2026-03-05')).toBe('Mar 5');
    expect(monthDay('2026-12-31T00:00:00.000Z')).toBe('Dec 31');
  });
});

describe('probability colours (docs/product/deals.md#display-rules)', () => {
  it('bands at 80, 60 and 40, grey without a value', () => {
    expect(probabilityColour(80)).toBe('green');
    expect(probabilityColour(79)).toBe('yellow');
    expect(probabilityColour(60)).toBe('yellow');
    expect(probabilityColour(40)).toBe('orange');
    expect(probabilityColour(39)).toBe('red');
    expect(probabilityColour(0)).toBe('red');
    expect(probabilityColour(null)).toBe('grey');
  });
});

describe('short ids and source labels', () => {
  it('keeps the first 8 characters', () => {
    expect(shortId('a1b2c3d4-e5f6-4000-8000-000000000000')).toBe('a1b2c3d4');
    expect(shortId(null)).toBe('');
  });
  it('turns underscores into spaces', () => {
    expect(sourceLabel('email_campaign')).toBe('email campaign');
    expect(sourceLabel('social_media')).toBe('social media');
  });
});

describe('search and owner filter', () => {
  it('matches name or description case-insensitively', () => {
    const d = deal({ name: 'Globex Renewal', description: 'Three-year SUPPORT plan' });
    expect(matchesDealSearch(d, 'globex')).toBe(true);
    expect(matchesDealSearch(d, 'support')).toBe(true);
    expect(matchesDealSearch(d, '  ')).toBe(true);
    expect(matchesDealSearch(d, 'initech')).toBe(false);
    expect(matchesDealSearch(deal({ name: 'X', description: null }), 'y')).toBe(false);
  });
  it('matches on owner id', () => {
    expect(matchesOwner(deal({ owner_id: 'a' }), 'a')).toBe(true);
    expect(matchesOwner(deal({ owner_id: 'a' }), 'b')).toBe(false);
    expect(matchesOwner(deal({ owner_id: 'a' }), null)).toBe(true);
  });
});

describe('columns and the drop decision (docs/product/pipeline.md#moving-a-deal)', () => {
  it('puts a deal with no stage in prospecting', () => {
    const orphan = deal({ stage: null as unknown as Deal['stage'] });
    expect(stageOf(orphan)).toBe('prospecting');
    const columns = groupDealsByStage([orphan, deal({ id: 'x', stage: 'proposal' })]);
    expect(columns.prospecting).toHaveLength(1);
    expect(columns.proposal).toHaveLength(1);
    expect(Object.keys(columns)).toEqual([
      'prospecting',
      'qualification',
      'proposal',
      'negotiation',
      'closed_won',
      'closed_lost',
    ]);
  });
  it('moves only across columns', () => {
    const d = deal({ stage: 'qualification' });
    const column = (stage: string) => ({ stage, dealId: null });
    expect(decideDrop(d, column('negotiation'))).toEqual({
      kind: 'move',
      beforeDealId: null,
      dealId: d.id,
      from: 'qualification',
      to: 'negotiation',
    });
    expect(decideDrop(d, column('qualification'))).toEqual({ kind: 'none' });
    expect(decideDrop(d, null)).toEqual({ kind: 'none' });
    expect(decideDrop(d, column('somewhere'))).toEqual({ kind: 'none' });
    expect(decideDrop(undefined, column('proposal'))).toEqual({ kind: 'none' });
    expect(decideDrop(deal({ stage: null as unknown as Deal['stage'] }), column('prospecting'))).toEqual({
      kind: 'none',
    });
    // On a card: of its own stage it reorders, of another it moves before that card; on itself nothing.
    expect(decideDrop(d, { stage: 'qualification', dealId: 'other' })).toEqual({
      kind: 'reorder',
      dealId: d.id,
      stage: 'qualification',
      overDealId: 'other',
    });
    expect(decideDrop(d, { stage: 'proposal', dealId: 'p1' })).toEqual({
      kind: 'move',
      dealId: d.id,
      from: 'qualification',
      to: 'proposal',
      beforeDealId: 'p1',
    });
    expect(decideDrop(d, { stage: 'qualification', dealId: d.id })).toEqual({ kind: 'none' });
  });
});

describe('board filters and drop animation', () => {
  it('shows the deals matching the search, the owner and the page filters together', () => {
    const a = deal({ id: 'a', name: 'Acme renewal', owner_id: 'u1' });
    const b = deal({ id: 'b', name: 'Acme upsell', owner_id: 'u2' });
    const c = deal({ id: 'c', name: 'Globex', owner_id: 'u1' });
    const all = [a, b, c];
    expect(visibleDeals(all, 'acme', null, () => true).map((d) => d.id)).toEqual(['a', 'b']);
    expect(visibleDeals(all, 'acme', 'u1', () => true).map((d) => d.id)).toEqual(['a']);
    expect(visibleDeals(all, '', null, (d) => d.id !== 'a').map((d) => d.id)).toEqual(['b', 'c']);
  });

  it('lists each owner once, sorted, the signed-in user as Me', () => {
    const options = ownerOptions(
      [{ owner_id: 'u2' }, { owner_id: 'u1' }, { owner_id: 'u2' }] as Deal[],
      'u1',
    );
    expect(options.map((o) => o.value)).toEqual(['all', 'u1', 'u2']);
    expect(options[1].label).toBe(`Me (${shortId('u1')})`);
    expect(options[2].label).toBe(`Owner ${shortId('u2')}`);
  });

  it('animates a drop longer the further the card travelled, within bounds', () => {
    expect(dropAnimationMs({ x: 0, y: 0 })).toBe(DRAG_CONSTANTS.dropAnimationMinMs);
    expect(dropAnimationMs({ x: 3000, y: 0 })).toBe(DRAG_CONSTANTS.dropAnimationMaxMs);
    const half = dropAnimationMs({ x: 750, y: 0 });
    expect(half).toBeGreaterThan(DRAG_CONSTANTS.dropAnimationMinMs);
    expect(half).toBeLessThan(DRAG_CONSTANTS.dropAnimationMaxMs);
  });

  it('orders a column by the user’s saved order, the others after in board order', () => {
    const deals = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
    expect(orderColumn(deals, ['c', 'x', 'a']).map((d) => d.id)).toEqual(['c', 'a', 'b', 'd']);
    expect(orderColumn(deals, undefined).map((d) => d.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('moves a card onto another’s place, and places an arriving card before the one it landed on', () => {
    expect(moveCard(['a', 'b', 'c', 'd'], 'a', 'c')).toEqual(['b', 'c', 'a', 'd']);
    expect(moveCard(['a', 'b', 'c', 'd'], 'd', 'b')).toEqual(['a', 'd', 'b', 'c']);
    expect(placeCard(['a', 'b'], 'z', 'b')).toEqual(['a', 'z', 'b']);
    expect(placeCard(['a', 'b'], 'z', null)).toEqual(['a', 'b', 'z']);
  });

  it('reads the drop target of a card or a column', () => {
    expect(dropTargetOf({ id: 'd1', data: { current: { type: 'deal', stage: 'proposal' } } })).toEqual({
      stage: 'proposal',
      dealId: 'd1',
    });
    expect(dropTargetOf({ id: 'proposal', data: { current: { type: 'column' } } })).toEqual({
      stage: 'proposal',
      dealId: null,
    });
    expect(dropTargetOf(null)).toBeNull();
  });
});
