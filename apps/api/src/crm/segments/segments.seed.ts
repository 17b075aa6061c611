import { type CrmSeed, insertRows } from '../common/crm-seed-rows';

/** The sample segments of docs/product/leads.md#segments: their counts are the stored baseline; the API adds live counts. */
export async function seedSegments(seed: CrmSeed): Promise<void> {
  const { createdAt, manager, org_id, ownerAt } = seed;
  await insertRows(manager, 'crm_segments', [
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'High-Value Prospects',
      created_at: createdAt(3),
      description: 'Score 80 or more',
      criteria: JSON.stringify({ min_score: 80 }),
      lead_count: 23,
      colour: 'green',
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Warm Leads',
      created_at: createdAt(2),
      description: 'Score 50 to 79',
      criteria: JSON.stringify({ min_score: 50, max_score: 79 }),
      lead_count: 67,
      colour: 'yellow',
    },
    {
      org_id,
      owner_id: ownerAt(0),
      name: 'Cold Leads',
      created_at: createdAt(1),
      description: 'Score under 50',
      criteria: JSON.stringify({ max_score: 49 }),
      lead_count: 145,
      colour: 'blue',
    },
  ]);
}
