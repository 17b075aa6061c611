import type { CrmImportEntity } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';

/*
 * What keeps the links to companies agreeing after a change made in bulk (imports, their undo,
 * merges) — docs/product/companies.md#consistency: a linked contact's company text is its company's
 * name, and a deal whose contact works at a company belongs to that company.
 */

/** Contacts of these companies show the company's current name. */
export async function contactsFollowCompanyNames(
  manager: EntityManager,
  companyIds: string[],
): Promise<void> {
  if (companyIds.length === 0) return;
  await manager.query(
    `UPDATE crm_contacts k SET company = c.name, updated_at = now() FROM crm_companies c
      WHERE c.id = ANY($1::uuid[]) AND k.company_id = c.id AND k.company IS DISTINCT FROM c.name`,
    [companyIds],
  );
}

/**
 * Deals take their contact's company where the contact has one (a deal's company is its contact's):
 * the deals of these contacts, or these deals.
 */
export async function dealsFollowContacts(
  manager: EntityManager,
  ids: string[],
  of: 'contacts' | 'deals' = 'contacts',
): Promise<void> {
  if (ids.length === 0) return;
  await manager.query(
    `UPDATE crm_deals d SET company_id = k.company_id FROM crm_contacts k
      WHERE ${of === 'contacts' ? 'k.id' : 'd.id'} = ANY($1::uuid[]) AND d.contact_id = k.id
        AND k.company_id IS NOT NULL AND d.company_id IS DISTINCT FROM k.company_id`,
    [ids],
  );
}

/** After records of one CRM entity were changed in bulk, what links to companies agrees again. */
export async function keepCompanyLinks(
  manager: EntityManager,
  entity: CrmImportEntity,
  ids: string[],
): Promise<void> {
  if (entity === 'companies') await contactsFollowCompanyNames(manager, ids);
  if (entity === 'contacts') await dealsFollowContacts(manager, ids);
  if (entity === 'deals') await dealsFollowContacts(manager, ids, 'deals');
}
