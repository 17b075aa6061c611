import { BUILT_IN_SCORING_RULES } from '@tessera/data-access/contracts';
import { type CrmSeed, insertRows } from '../common/crm-seed-rows';

/** The built-in scoring rules. */
export async function seedScoringRules(seed: CrmSeed): Promise<void> {
  const { createdAt, manager, org_id, ownerAt } = seed;
  await insertRows(
    manager,
    'crm_scoring_rules',
    BUILT_IN_SCORING_RULES.map((rule, index) => ({
      created_at: createdAt(BUILT_IN_SCORING_RULES.length - index),
      org_id,
      owner_id: ownerAt(0),
      name: rule.name,
      description: `${rule.name} adds ${rule.points} points`,
      condition: rule.condition,
      criterion: rule.criterion,
      points: rule.points,
      active: true,
      built_in: true,
    })),
  );
}
