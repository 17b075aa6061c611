import { ApiProperty } from '@nestjs/swagger';
import {
  type ApiKeySummary,
  type CreatedApiKey,
  type CreatedWebhookEndpoint,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_EVENT_TYPES,
  type WebhookDelivery,
  type WebhookDeliveryAttempt,
  type WebhookDeliveryStatus,
  type WebhookEndpointSummary,
  type WebhookEvent,
  type WebhookEventType,
} from '@tessera/data-access/contracts';
import { CredentialLifecycleBody } from '../common/credential-lifecycle';

export class ApiKeyBody extends CredentialLifecycleBody implements ApiKeySummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ example: 'tsk_Ab3dEf9h', description: 'The first characters of the key' }) prefix!: string;
  @ApiProperty({ type: [String], example: ['crm:read'] }) scopes!: string[];
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) expires_at!: string | null;
}

export class CreatedApiKeyBody extends ApiKeyBody implements CreatedApiKey {
  @ApiProperty({ description: 'The key itself (tsk_…): shown here once, never again' }) secret!: string;
}

export class WebhookEndpointBody implements WebhookEndpointSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() url!: string;
  @ApiProperty({ type: [String], example: ['deal.stage_changed'] }) events!: string[];
  @ApiProperty() enabled!: boolean;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) disabled_at!: string | null;
  @ApiProperty({ type: String, nullable: true }) disabled_reason!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) failing_since!: string | null;
  @ApiProperty({ type: String, nullable: true }) created_by!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class CreatedWebhookEndpointBody extends WebhookEndpointBody implements CreatedWebhookEndpoint {
  @ApiProperty({ description: 'Signs every delivery (whsec_…): shown here once' }) secret!: string;
}

export class WebhookDeliveryAttemptBody implements WebhookDeliveryAttempt {
  @ApiProperty({ example: 1, description: '1 for the first attempt' }) attempt!: number;
  @ApiProperty({ format: 'date-time' }) started_at!: string;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'Null while it runs, when nothing was sent, or when its server stopped mid-attempt',
  })
  duration_ms!: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: "The receiver's HTTP status; null when none came",
  })
  response_status!: number | null;
  @ApiProperty({ type: String, nullable: true, description: 'Why it failed; null for a 2xx' })
  error!: string | null;
}

export class WebhookDeliveryBody implements WebhookDelivery {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) event_id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) event_type!: WebhookEventType;
  @ApiProperty({ enum: WEBHOOK_DELIVERY_STATUSES }) status!: WebhookDeliveryStatus;
  @ApiProperty() attempts!: number;
  @ApiProperty({ type: [WebhookDeliveryAttemptBody], description: 'Every attempt, oldest first' })
  attempt_log!: WebhookDeliveryAttemptBody[];
  @ApiProperty({ type: Number, nullable: true }) response_status!: number | null;
  @ApiProperty({ type: String, nullable: true }) last_error!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_attempt_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) delivered_at!: string | null;
}

/** The body of every delivery (documented as a component: docs/api.md#events). */
export class WebhookEventBody implements WebhookEvent {
  @ApiProperty({ format: 'uuid', description: 'Also sent as Tessera-Event-Id; the same on every retry' })
  id!: string;
  @ApiProperty({ enum: WEBHOOK_EVENT_TYPES }) type!: WebhookEventType;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'uuid' }) institution_id!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description:
      'The row as the API answers it after the change (deal, contact, company, lead, record, campaign); for a deletion, the row as it was. Records carry their module in module_id.',
  })
  data!: Record<string, unknown>;
}
