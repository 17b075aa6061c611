import { type CrmSeed, insertConfiguration } from '../common/crm-seed-rows';

/** The sample segments of docs/product/leads.md#segments: their counts are the stored baseline; the API adds live counts. */
export async function seedSegments(seed: CrmSeed): Promise<void> {
  await insertConfiguration(seed, 'crm_segments', [
    {
      name: 'High-Value Prospects',
      description: 'Score 80 or more',
      criteria: JSON.stringify({ min_score: 80 }),
      lead_count: 23,
      colour: 'green',
    },
    {
      name: 'Warm Leads',
      description: 'Score 50 to 79',
      criteria: JSON.stringify({ min_score: 50, max_score: 79 }),
      lead_count: 67,
      colour: 'yellow',
    },
    {
      name: 'Cold Leads',
      description: 'Score under 50',
      criteria: JSON.stringify({ max_score: 49 }),
      lead_count: 145,
      colour: 'blue',
    },
  ]);
}
