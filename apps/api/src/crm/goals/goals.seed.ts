import { goalPeriodStartMonth, monthOf } from '@tessera/data-access/contracts';
import { type CrmSeed, insertConfiguration } from '../common/crm-seed-rows';

/**
 * Two goals under way (docs/product/goals.md), so the CRM page and the home show progress: the
 * team's won value this quarter and the first owner's new leads this month. No random draw, so
 * the seed's sequence for the rows after it is unchanged.
 */
export async function seedGoals(seed: CrmSeed): Promise<void> {
  const month = monthOf(seed.today);
  await insertConfiguration(seed, 'crm_goals', [
    {
      assignee: 'team',
      user_id: null,
      metric: 'won_value',
      period: 'quarter',
      period_start: `${goalPeriodStartMonth('quarter', month)}-01`,
      target: 250000,
    },
    {
      assignee: 'person',
      user_id: seed.ownerAt(0),
      metric: 'new_leads',
      period: 'month',
      period_start: `${month}-01`,
      target: 20,
    },
  ]);
}
