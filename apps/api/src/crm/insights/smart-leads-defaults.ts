import { BUILT_IN_SCORING_RULES } from '@tessera/data-access/contracts';

/**
 * What every institution (and every person's own CRM) starts with on the Smart Leads screen
 * (docs/product/lead-scoring.md#local-smart-leads-score): the three built-in scoring rules, the sample workflows and the three segments. The
 * segments' stored lead counts are the sample figures of docs/product/leads.md#segments; their live counts come from leads.
 */
export const DEFAULT_SCORING_RULES = BUILT_IN_SCORING_RULES.map((rule) => ({
  name: rule.name,
  description:
    rule.criterion === 'has_email'
      ? 'Leads we can reach by e-mail engage more'
      : rule.criterion === 'has_company'
        ? 'Leads that name their company are real buyers more often'
        : 'Leads that tell us where they came from match our channels',
  condition: rule.condition,
  criterion: rule.criterion,
  points: rule.points,
}));

export const DEFAULT_WORKFLOWS = [
  {
    name: 'Welcome New Leads',
    description: 'Send a welcome e-mail to every new lead',
    trigger: 'lead_created',
    trigger_config: {},
    actions: [{ type: 'send_email', config: { subject: 'Welcome! Here is how we can help' } }],
    active: true,
  },
  {
    name: 'High Score Alert',
    description: 'Hand leads scoring 80 or more to the top sales rep right away',
    trigger: 'score_threshold',
    trigger_config: { min_score: 80 },
    actions: [
      { type: 'assign_sales_rep', config: { rep: 'top' } },
      { type: 'send_email', config: { subject: 'A specialist will call you today' } },
    ],
    active: true,
  },
  {
    name: 'Form Follow-up',
    description: 'Qualify leads that submitted the capture form',
    trigger: 'form_submitted',
    trigger_config: {},
    actions: [{ type: 'update_status', config: { status: 'qualified', min_score: 60 } }],
    active: true,
  },
  {
    name: 'Email Engagement Nurture',
    description: 'Follow up when a lead opens a campaign e-mail',
    trigger: 'email_opened',
    trigger_config: {},
    actions: [{ type: 'send_email', config: { subject: 'Thanks for reading — next steps' } }],
    active: false,
  },
] as const;

export const DEFAULT_SEGMENTS = [
  {
    name: 'High-Value Prospects',
    description: 'Leads scoring 80 or more',
    criteria: { min_score: 80 },
    lead_count: 23,
    colour: 'green',
  },
  {
    name: 'Warm Leads',
    description: 'Leads scoring 50 to 79',
    criteria: { min_score: 50, max_score: 79 },
    lead_count: 67,
    colour: 'yellow',
  },
  {
    name: 'Cold Leads',
    description: 'Leads scoring under 50',
    criteria: { max_score: 49 },
    lead_count: 145,
    colour: 'blue',
  },
] as const;
