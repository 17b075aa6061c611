import { BUILT_IN_SCORING_RULES } from '@tessera/data-access/contracts';
import { type CrmSeed, insertConfiguration } from '../common/crm-seed-rows';

/** The built-in scoring rules. */
export async function seedScoringRules(seed: CrmSeed): Promise<void> {
  await insertConfiguration(
    seed,
    'crm_scoring_rules',
    BUILT_IN_SCORING_RULES.map((rule) => ({
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
