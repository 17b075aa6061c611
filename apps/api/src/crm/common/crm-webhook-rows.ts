import type { CrmImportEntity, WebhookEventType } from '@tessera/data-access/contracts';
import type { EntityManager } from 'typeorm';
import { CRM_IMPORT_TABLES } from '../imports/crm-import-tables';

/** Products have no webhook events (the catalogue changes none of the records integrations follow). */
const EVENT_OF: Record<CrmImportEntity, 'contact' | 'lead' | 'company' | 'deal' | null> = {
  contacts: 'contact',
  leads: 'lead',
  companies: 'company',
  deals: 'deal',
  products: null,
};

/**
 * The webhook event of a change to rows of a CRM `entity` made many at a time (imports, Undo,
 * automation); null for an entity without events.
 */
export function crmRowEvent(
  entity: CrmImportEntity,
  change: 'created' | 'updated' | 'deleted',
): WebhookEventType | null {
  const event = EVENT_OF[entity];
  return event ? `${event}.${change}` : null;
}

/**
 * A loader for WebhookEvents.emitMany: the rows of `entity` matching `where` (SQL on `t`, with its
 * parameters), each as stored (its columns by name), read only when an endpoint listens.
 */
export function crmRowsWhere(
  manager: EntityManager,
  entity: CrmImportEntity,
  where: string,
  params: unknown[],
): () => Promise<object[]> {
  return async () => {
    const rows: Array<{ row: object }> = await manager.query(
      `SELECT to_jsonb(t) AS row FROM ${CRM_IMPORT_TABLES[entity].table} t WHERE ${where}`,
      params,
    );
    return rows.map(({ row }) => row);
  };
}

/** crmRowsWhere for rows by id. */
export function crmRowsById(manager: EntityManager, entity: CrmImportEntity, ids: readonly string[]) {
  return crmRowsWhere(manager, entity, 't.id = ANY($1::uuid[])', [ids]);
}
