import type { EntityManager } from 'typeorm';
import { ActivityEntity } from './activity.entity';

export type NewActivity = Pick<ActivityEntity, 'org_id' | 'owner_id' | 'type' | 'subject'> &
  Partial<
    Pick<
      ActivityEntity,
      | 'contact_id'
      | 'deal_id'
      | 'lead_id'
      | 'campaign_id'
      | 'description'
      | 'status'
      | 'due_date'
      | 'completed_at'
    >
  >;

/**
 * Writes activities inside the caller's transaction (rules log activities as part of the change
 * they describe, docs/product/activities.md): one multi-row INSERT however many rows. Returns the new ids in order.
 */
export async function logActivities(manager: EntityManager, activities: NewActivity[]): Promise<string[]> {
  if (activities.length === 0) return [];
  const rows = activities.map((activity) => ({
    ...activity,
    completed_at: activity.completed_at ?? (activity.status === 'completed' ? new Date() : null),
  }));
  const result = await manager.insert(ActivityEntity, rows);
  return result.identifiers.map((identifier) => String(identifier.id));
}
