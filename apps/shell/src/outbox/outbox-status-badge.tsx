import { type OutboxMessageSummary, outboxStatusLabel } from '@tessera/data-access/contracts';
import { Badge } from '@tessera/ui';

export function OutboxStatusBadge({ message }: { message: OutboxMessageSummary }) {
  const { label, tone } = outboxStatusLabel(message);
  return <Badge $tone={tone}>{label}</Badge>;
}
