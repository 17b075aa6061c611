import { type CrmSeed, DAY_MS, insertConfiguration } from '../common/crm-seed-rows';

/** Automation rules (docs/product/automation.md): qualified → a new deal; proposal → a task; won → a thank-you e-mail. */
export async function seedAutomationRules(seed: CrmSeed): Promise<void> {
  const { today } = seed;
  await insertConfiguration(seed, 'automation_rules', [
    {
      name: 'Qualified contact → new deal',
      description: 'Open a prospecting deal when a contact is qualified',
      module_source: 'crm',
      enabled: true,
      conditions_json: JSON.stringify({
        event_type: 'stage_change',
        stage_change: { to_stage: 'qualified' },
      }),
      actions_json: JSON.stringify([{ type: 'create_deal', config: { amount: 5000 } }]),
      execution_count: 3,
      last_executed_at: new Date(today.getTime() - 2 * DAY_MS),
    },
    {
      name: 'Proposal stage → prepare proposal task',
      description: 'Remind the owner to send the proposal within two days',
      module_source: 'crm',
      enabled: true,
      conditions_json: JSON.stringify({ event_type: 'stage_change', stage_change: { to_stage: 'proposal' } }),
      actions_json: JSON.stringify([
        { type: 'create_task', config: { subject: 'Prepare and send the proposal', due_in_days: 2 } },
      ]),
      execution_count: 1,
      last_executed_at: new Date(today.getTime() - 6 * DAY_MS),
    },
    {
      name: 'Won → thank-you e-mail',
      description: 'Paused until the template is approved',
      module_source: 'crm',
      enabled: false,
      conditions_json: JSON.stringify({ event_type: 'stage_change', stage_change: { to_stage: 'won' } }),
      actions_json: JSON.stringify([
        { type: 'send_email', config: { subject: 'Thank you for choosing us' } },
      ]),
      execution_count: 0,
      last_executed_at: null,
    },
  ]);
}
