import { addressDomain } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';

export type LinkColumn = 'contact_id' | 'lead_id' | 'company_id';

export interface MessageLink {
  column: LinkColumn;
  id: string;
}

export interface MailboxMatches {
  /** The CRM records a message with these addresses (From, To, Cc) is linked to; none: it is not stored. */
  linksFor(addresses: readonly string[]): MessageLink[];
}

/** A company's domain as people type it ("https://www.Globex.com/about") reduced to "globex.com". */
const COMPANY_DOMAIN = `lower(regexp_replace(regexp_replace(trim(t.domain), '^[a-z]+://', '', 'i'), '^www\\.|[/:].*$', '', 'g'))`;

/**
 * The contacts and leads of the mailbox owner's scope whose e-mail is one of `addresses`, and the
 * companies whose domain is one of theirs (docs/product/mailboxes.md#matching). The owner's own
 * domain matches no company: every message carries it.
 */
export async function matchAddresses(
  manager: EntityManager,
  mailbox: { org_id: string | null; owner_id: string },
  addresses: readonly string[],
  ownDomain: string | null,
): Promise<MailboxMatches> {
  const byAddress = new Map<string, MessageLink[]>();
  const byDomain = new Map<string, MessageLink[]>();
  if (addresses.length > 0) {
    const domains = [
      ...new Set(
        addresses.map(addressDomain).filter((domain): domain is string => !!domain && domain !== ownDomain),
      ),
    ];
    const scope = { institutionId: mailbox.org_id, userId: mailbox.owner_id };
    const where = scopeSql(scope, 't', 3);
    const rows: Array<{ kind: 'address' | 'domain'; column: LinkColumn; id: string; key: string }> =
      await manager.query(
        `SELECT 'address' AS kind, 'contact_id' AS column, t.id, lower(t.email) AS key
           FROM crm_contacts t WHERE lower(t.email) = ANY($1) AND ${where.sql}
         UNION ALL
         SELECT 'address', 'lead_id', t.id, lower(t.email)
           FROM crm_leads t WHERE lower(t.email) = ANY($1) AND ${where.sql}
         UNION ALL
         SELECT 'domain', 'company_id', t.id, ${COMPANY_DOMAIN}
           FROM crm_companies t WHERE t.domain IS NOT NULL AND ${COMPANY_DOMAIN} = ANY($2) AND ${where.sql}`,
        [addresses, domains, ...where.params],
      );
    for (const row of rows) {
      const map = row.kind === 'address' ? byAddress : byDomain;
      map.set(row.key, [...(map.get(row.key) ?? []), { column: row.column, id: row.id }]);
    }
  }
  return {
    linksFor(messageAddresses) {
      const links = new Map<string, MessageLink>();
      for (const address of messageAddresses) {
        const domain = addressDomain(address);
        for (const link of [
          ...(byAddress.get(address) ?? []),
          ...(domain ? (byDomain.get(domain) ?? []) : []),
        ])
          links.set(`${link.column}:${link.id}`, link);
      }
      return [...links.values()];
    },
  };
}
