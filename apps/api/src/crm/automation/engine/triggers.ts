import type { AutomationConditions, WorkflowTrigger } from '@tessera/data-access/contracts';
import type { AutomationEvent } from './automation-event';

/**
 * Whether an automation rule's conditions match an event: a stage change to the rule's
 * `to_stage` (and from its `from_stage`, when it names one), a first open, a new lead or a new
 * deal (docs/product/automation.md#new-leads-and-deals). The contracts give `lead_created` and
 * `deal_created` rules no filter besides the event type, so every new lead (or deal) matches.
 */
export function ruleMatches(conditions: AutomationConditions, event: AutomationEvent): boolean {
  switch (conditions.event_type) {
    case 'stage_change': {
      const wanted = conditions.stage_change;
      return (
        event.type === 'stage_change' &&
        wanted?.to_stage === event.to &&
        (wanted.from_stage == null || wanted.from_stage === event.from)
      );
    }
    case 'email_opened':
      return event.type === 'email_opened';
    case 'lead_created':
      return event.type === 'lead_created';
    case 'deal_created':
      return event.type === 'deal_created';
    default:
      return false;
  }
}

/**
 * The Smart Leads workflow triggers an event sets off (docs/product/leads.md#smart-lead-capture): a captured lead is both a new
 * lead and a submitted form, and may cross a score threshold; an open is an open.
 */
export function workflowTriggersFor(event: AutomationEvent): WorkflowTrigger[] {
  switch (event.type) {
    case 'lead_captured':
      return ['lead_created', 'form_submitted', 'score_threshold'];
    case 'email_opened':
      return ['email_opened'];
    // Workflows answer lead capture; a lead or deal created otherwise sets off rules only.
    case 'stage_change':
    case 'lead_created':
    case 'deal_created':
      return [];
  }
}
