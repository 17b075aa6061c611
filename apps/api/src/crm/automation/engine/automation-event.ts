import type { ContactStatus } from '@tessera/data-access/contracts';

/**
 * What sets automation off, for rules and workflows alike:
 * - `stage_change`: a contact moved on the pipeline (docs/product/automation.md#pipeline-moves);
 * - `lead_captured`: the capture form stored a lead (docs/product/leads.md#smart-lead-capture);
 * - `email_opened`: a contact opened a tracked e-mail for the first time
 *   (docs/product/campaigns.md);
 * - `lead_created` / `deal_created`: a lead or a deal was created, by any path
 *   (docs/product/automation.md#new-leads-and-deals).
 */
export type AutomationEvent =
  | { type: 'stage_change'; from: ContactStatus; to: ContactStatus }
  | { type: 'lead_captured' }
  | { type: 'lead_created'; leadId: string }
  | { type: 'deal_created'; dealId: string }
  | { type: 'email_opened'; messageId: string; campaignId?: string | null };

/**
 * The key that makes an automation run once per event, or null for an event that cannot come
 * twice. An open is reported by a job, and a job may run again after a crash.
 */
export function eventKey(event: AutomationEvent): string | null {
  return event.type === 'email_opened' ? `open:${event.messageId}` : null;
}

/** The event as a run records it (`automation_rule_runs.event`). */
export function eventRecord(event: AutomationEvent): Record<string, string> {
  switch (event.type) {
    case 'stage_change':
      return { event_type: 'stage_change', from_stage: event.from, to_stage: event.to };
    case 'email_opened':
      return {
        event_type: 'email_opened',
        message_id: event.messageId,
        ...(event.campaignId ? { campaign_id: event.campaignId } : {}),
      };
    case 'lead_captured':
      return { event_type: 'lead_captured' };
    // The run row's contact_id names contacts only: the new record is named here.
    case 'lead_created':
      return { event_type: 'lead_created', lead_id: event.leadId };
    case 'deal_created':
      return { event_type: 'deal_created', deal_id: event.dealId };
  }
}

/** What the person did, for texts such as "Created by automation when Ada Lovelace moved". */
export function eventCause(event: AutomationEvent): string {
  switch (event.type) {
    case 'stage_change':
      return 'moved';
    case 'email_opened':
      return 'opened an e-mail';
    case 'lead_captured':
      return 'was captured';
    case 'lead_created':
      return 'became a lead';
    case 'deal_created':
      return 'got a new deal';
  }
}
