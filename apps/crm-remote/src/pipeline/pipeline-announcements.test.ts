import type { Active, Over } from '@dnd-kit/core';
import { dealName, pipelineAnnouncements, stageLabel } from './pipeline-announcements';

const active = { id: 'd1', data: { current: { stage: 'proposal' } } } as unknown as Active;
const over = (id: string) => ({ id, data: { current: { type: 'column' } } }) as unknown as Over;
const overCard = (id: string, stage: string) =>
  ({ id, data: { current: { type: 'deal', stage } } }) as unknown as Over;

describe('pipeline announcements (docs/product/pipeline.md)', () => {
  const names: Record<string, string> = { d1: 'Acme renewal', d2: 'Globex pilot' };
  const announce = () => pipelineAnnouncements((id) => names[id] ?? 'Untitled Deal');

  it('names the deal and its stage when picked up', () => {
    expect(announce().onDragStart({ active })).toBe(
      'Picked up deal Acme renewal in Proposal. Use the Left and Right arrow keys to move it to another stage.',
    );
  });

  it('announces a column only when it changes', () => {
    const a = announce();
    a.onDragStart({ active });
    expect(a.onDragOver({ active, over: over('proposal') })).toBeUndefined();
    expect(a.onDragOver({ active, over: over('negotiation') })).toBe(
      'Deal Acme renewal is over Negotiation.',
    );
    expect(a.onDragOver({ active, over: over('negotiation') })).toBeUndefined();
    // A card of the same column is the same stage: nothing new to say.
    expect(a.onDragOver({ active, over: overCard('d2', 'negotiation') })).toBeUndefined();
    expect(a.onDragOver({ active, over: null })).toBe('Deal Acme renewal is not over a stage.');
  });

  it('says what a drop or a cancel did', () => {
    const a = announce();
    expect(a.onDragEnd({ active, over: null })).toBe(
      'Deal Acme renewal was dropped outside the stages. Nothing changed.',
    );
    expect(a.onDragEnd({ active, over: over('proposal') })).toBe(
      'Deal Acme renewal was dropped back in Proposal.',
    );
    expect(a.onDragEnd({ active, over: over('closed_won') })).toBe(
      `Deal Acme renewal was dropped on ${stageLabel('closed_won')}. Saving the new stage.`,
    );
    expect(a.onDragEnd({ active, over: overCard('d2', 'proposal') })).toBe(
      'Deal Acme renewal was moved to the place of deal Globex pilot in Proposal.',
    );
    expect(a.onDragEnd({ active, over: overCard('d2', 'negotiation') })).toBe(
      'Deal Acme renewal was dropped on Negotiation. Saving the new stage.',
    );
    expect(a.onDragCancel({ active, over: null })).toBe(
      'Moving was cancelled. Deal Acme renewal stays in Proposal.',
    );
  });

  it('names an unnamed deal and an unknown stage plainly', () => {
    expect(dealName({ name: '  ' })).toBe('Untitled Deal');
    expect(stageLabel('somewhere')).toBe('somewhere');
  });
});
