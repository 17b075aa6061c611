import type { ContactEntity } from '../../contacts/contact.entity';
import type { ScoredLead } from './conditions';

/** A lead as automation reads it (row-locked by the workflow that acts on it). */
export interface LeadRecord extends ScoredLead {
  id: string;
  org_id: string | null;
  owner_id: string;
  first_name: string;
  last_name: string;
  company: string | null;
  email: string | null;
}

/** The record an automation acts on: rules act on a contact, Smart Leads workflows on a lead. */
export type AutomationTarget =
  | { kind: 'contact'; contact: ContactEntity }
  | { kind: 'lead'; lead: LeadRecord };

/** The target's person, whichever kind it is. */
export function targetPerson(target: AutomationTarget): ContactEntity | LeadRecord {
  return target.kind === 'contact' ? target.contact : target.lead;
}

/** The foreign key an activity or e-mail about the target carries. */
export function targetLink(target: AutomationTarget): { contact_id: string } | { lead_id: string } {
  return target.kind === 'contact' ? { contact_id: target.contact.id } : { lead_id: target.lead.id };
}
