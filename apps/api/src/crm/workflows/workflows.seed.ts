import { type CrmSeed, DAY_MS, insertConfiguration, insertRows, type Row } from '../common/crm-seed-rows';

/** Demo Smart Leads workflows with execution logs on `leadIds`. */
export async function seedWorkflows(seed: CrmSeed, leadIds: string[]): Promise<void> {
  const { manager, random, today } = seed;
  const workflows = [
    {
      name: 'New Lead Welcome',
      description: 'Welcome e-mail and a sales rep for every new lead',
      trigger: 'lead_created',
      trigger_config: {},
      actions: [
        { type: 'send_email', config: { template: 'welcome' } },
        { type: 'assign_sales_rep', config: { strategy: 'round_robin' } },
      ],
      active: true,
      runs: 12,
    },
    {
      name: 'High Score Alert',
      description: 'Tell the team when a lead reaches 80 points',
      trigger: 'score_threshold',
      trigger_config: { min_score: 80 },
      actions: [
        { type: 'send_email', config: { to: 'sales-team' } },
        { type: 'update_status', config: { status: 'qualified' } },
      ],
      active: true,
      runs: 5,
    },
    {
      name: 'Email Engagement Follow-up',
      description: 'Move engaged leads forward when they open the nurture e-mail',
      trigger: 'email_opened',
      trigger_config: {},
      actions: [{ type: 'update_status', config: { status: 'contacted' } }],
      active: false,
      runs: 2,
    },
  ];
  const workflowIds = await insertConfiguration(
    seed,
    'crm_automation_workflows',
    workflows.map((workflow) => ({
      name: workflow.name,
      description: workflow.description,
      trigger: workflow.trigger,
      trigger_config: JSON.stringify(workflow.trigger_config),
      actions: JSON.stringify(workflow.actions),
      active: workflow.active,
      execution_count: workflow.runs,
      last_executed_at: new Date(today.getTime() - DAY_MS),
    })),
  );
  const executions: Row[] = [];
  workflowIds.forEach((workflow_id, workflowIndex) => {
    const runs = (workflows[workflowIndex] as { runs: number }).runs;
    for (let run = 0; run < runs; run += 1) {
      const failed = run === 3;
      executions.push({
        workflow_id,
        lead_id: leadIds[random.int(0, leadIds.length - 1)],
        status: failed ? 'failed' : 'success',
        message: failed ? 'E-mail bounced' : 'Completed',
        // The newest run is exactly a day ago, matching last_executed_at.
        executed_at: new Date(today.getTime() - DAY_MS - run * random.int(1, 3) * DAY_MS),
      });
    }
  });
  await insertRows(manager, 'crm_workflow_executions', executions);
}
