import {
  WEBHOOK_EVENT_PATTERNS,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookEndpointSummary,
  webhookDeliveryStatusLabel,
} from '@tessera/data-access/contracts';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useResendWebhookDelivery,
  useWebhookDeliveries,
  useWebhooks,
} from '@tessera/data-access/hooks';
import {
  Badge,
  Button,
  DataTable,
  EmptyState,
  Stack,
  TextField,
  TitledCard,
  VisuallyHidden,
} from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { CheckboxChoices } from './checkbox-choices';
import { toastFailure } from '../shared/error-message';
import { IntegrationsList, IntegrationsPageFrame } from './integrations-page-frame';
import { SecretOnce } from './secret-once';
import { useAdministers } from '../shared/use-administers';

const DELIVERY_TONES: Partial<Record<WebhookDelivery['status'], 'success' | 'destructive'>> = {
  delivered: 'success',
  failed: 'destructive',
};
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
/** Whole families and everything: the form offers these; single events are for the API. */
const EVENT_CHOICES = WEBHOOK_EVENT_PATTERNS.filter((pattern) => pattern.endsWith('*'));
const eventLabel = (pattern: string) => (pattern === '*' ? 'Every event' : `${pattern.slice(0, -2)} events`);

function NewWebhookForm() {
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [secret, setSecret] = useState<{ url: string; value: string } | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (created) => {
          setSecret({ url: created.url, value: created.secret });
          setUrl('');
          setEvents([]);
        },
        onError: (error) => toastFailure(error, 'The webhook could not be saved.'),
      },
    );
  }

  return (
    <TitledCard
      title="New webhook"
      description="Tessera posts each event, signed with the webhook’s secret, to this address."
    >
      <form onSubmit={onSubmit} aria-label="New webhook">
        <TextField
          label="Endpoint URL"
          type="url"
          value={url}
          onValueChange={setUrl}
          placeholder="https://hooks.example.com/tessera"
          required
        />
        <CheckboxChoices
          legend="Events"
          options={EVENT_CHOICES}
          chosen={events}
          onChange={setEvents}
          labelOf={eventLabel}
        />
        <Button type="submit" disabled={create.isPending || url.trim() === '' || events.length === 0}>
          Subscribe
        </Button>
      </form>
      {secret ? (
        <SecretOnce
          label={`Signing secret for ${secret.url} (shown once: copy it now)`}
          secret={secret.value}
        />
      ) : null}
    </TitledCard>
  );
}

/** Each attempt of a delivery, folded: its time, the answer (or why none came) and how long it took. */
function AttemptLog({ delivery }: { delivery: WebhookDelivery }) {
  if (delivery.attempt_log.length === 0) return <>{delivery.attempts}</>;
  return (
    <details>
      <summary>
        {delivery.attempts} {delivery.attempts === 1 ? 'attempt' : 'attempts'}
        <VisuallyHidden> of {delivery.event_type}</VisuallyHidden>
      </summary>
      <ol>
        {delivery.attempt_log.map((attempt) => (
          <li key={attempt.attempt}>
            {when(attempt.started_at)}: {attemptOutcome(attempt)}
          </li>
        ))}
      </ol>
    </details>
  );
}

function attemptOutcome(attempt: WebhookDeliveryAttempt): string {
  const took = attempt.duration_ms === null ? '' : ` in ${attempt.duration_ms} ms`;
  if (attempt.error) return `${attempt.error}${took}`;
  if (attempt.response_status !== null) return `HTTP ${attempt.response_status}${took}`;
  return 'no answer recorded (sending, or the server stopped during the attempt)';
}

function DeliveryLog({ endpoint }: { endpoint: WebhookEndpointSummary }) {
  const deliveries = useWebhookDeliveries(endpoint.id);
  const resend = useResendWebhookDelivery(endpoint.id);
  return (
    <IntegrationsList query={deliveries} noun="deliveries" empty={<p>No deliveries yet.</p>}>
      {(rows) => (
        <DataTable
          label={`Deliveries to ${endpoint.url}`}
          columns={['Event', 'Status', 'Attempts', 'Response', 'Last attempt', '']}
        >
          {rows.map((delivery) => (
            <tr key={delivery.id}>
              <td>{delivery.event_type}</td>
              <td>
                <Badge $tone={DELIVERY_TONES[delivery.status] ?? 'neutral'}>
                  {webhookDeliveryStatusLabel(delivery.status)}
                </Badge>
                {delivery.last_error ? <div>{delivery.last_error}</div> : null}
              </td>
              <td>
                <AttemptLog delivery={delivery} />
              </td>
              <td>{delivery.response_status ?? '—'}</td>
              <td>{when(delivery.last_attempt_at)}</td>
              <td>
                {delivery.status === 'pending' ? null : (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={resend.isPending}
                    onClick={() =>
                      resend.mutate(delivery.id, {
                        onError: (error) => toastFailure(error, 'Could not resend.'),
                      })
                    }
                  >
                    Resend {delivery.event_type}
                  </Button>
                )}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </IntegrationsList>
  );
}

function WebhookCard({ endpoint }: { endpoint: WebhookEndpointSummary }) {
  const remove = useDeleteWebhook();
  return (
    <TitledCard
      title={endpoint.url}
      description={`${endpoint.events.join(', ')} · by ${endpoint.created_by ?? '—'} · ${when(endpoint.created_at)}`}
      aria-label={`Webhook ${endpoint.url}`}
    >
      {endpoint.enabled ? null : (
        <p role="alert">
          Disabled {when(endpoint.disabled_at)}: {endpoint.disabled_reason}. Resend a delivery to enable it
          again.
        </p>
      )}
      <DeliveryLog endpoint={endpoint} />
      <Button
        variant="secondary"
        size="sm"
        disabled={remove.isPending}
        onClick={() =>
          remove.mutate(endpoint.id, { onError: (error) => toastFailure(error, 'Could not delete.') })
        }
      >
        Delete webhook {endpoint.url}
      </Button>
    </TitledCard>
  );
}

/** The institution's webhooks and their delivery logs, for its owners and admins (docs/api.md#webhooks). */
export function WebhooksPage() {
  const allowed = useAdministers();
  const webhooks = useWebhooks(allowed);
  return (
    <IntegrationsPageFrame
      title="Webhooks"
      describe={(institution) => `Where ${institution.name}’s changes are sent`}
    >
      <NewWebhookForm />
      <IntegrationsList
        query={webhooks}
        noun="webhooks"
        empty={
          <EmptyState title="No webhooks yet" description="Subscribe an address above to hear of changes." />
        }
      >
        {(list) => (
          <Stack>
            {list.map((endpoint) => (
              <WebhookCard key={endpoint.id} endpoint={endpoint} />
            ))}
          </Stack>
        )}
      </IntegrationsList>
    </IntegrationsPageFrame>
  );
}
