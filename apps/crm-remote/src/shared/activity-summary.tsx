import { type Activity, timeAgo } from '@tessera/data-access/contracts';

/** One line of an activity list: its subject, then its type, status and how long ago it was logged. */
export function ActivitySummary({
  activity,
  now,
}: {
  activity: Pick<Activity, 'subject' | 'type' | 'status' | 'created_at'>;
  now: Date;
}) {
  return (
    <>
      {activity.subject}
      <small>
        {activity.type.replaceAll('_', ' ')} · {activity.status} · {timeAgo(activity.created_at, now)}
      </small>
    </>
  );
}
