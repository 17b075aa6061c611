/**
 * Integrations (docs/api.md): API keys that act for their institution within scopes, and webhooks that
 * tell other systems what changed. Shared by the API (validation, the guards) and the administration
 * screens (which scopes may be offered, how an event list reads).
 */

import { type AccessLevel, levelSatisfies } from './access';
import type { CredentialLifecycle } from './credentials';

/** Every API key starts with this, so a leaked one is recognised (secret scanners, logs). */
export const API_KEY_PREFIX = 'tsk_';
/** Characters of a key shown in lists after it is created: the prefix and the first few of its secret. */
export const API_KEY_SHOWN_LENGTH = API_KEY_PREFIX.length + 8;
/** The one scope beyond the modules': reading the institution's administration (members, audit log …). */
export const ADMIN_READ_SCOPE = 'admin:read';
export const API_KEY_NAME_MAX = 100;

export type ApiKeyScopeLevel = 'read' | 'write';

/** `crm:read`, `healthcare:write` … */
export function moduleScope(moduleId: string, level: ApiKeyScopeLevel): string {
  return `${moduleId}:${level}`;
}

/** The scope a module route needs for a level: admin routes (configuration) have none a key can hold. */
export function scopeForLevel(moduleId: string, level: AccessLevel): string | null {
  if (level === 'admin') return null;
  return moduleScope(moduleId, level);
}

/**
 * The scopes someone may put on a key: a module's read or write where they hold that level now, and
 * `admin:read` for the institution's owners and admins. A key never exceeds the person who made it.
 */
export function grantableApiKeyScopes(
  accessControl: Readonly<Record<string, AccessLevel>>,
  administers: boolean,
): string[] {
  const scopes: string[] = [];
  for (const [moduleId, level] of Object.entries(accessControl)) {
    if (levelSatisfies(level, 'read')) scopes.push(moduleScope(moduleId, 'read'));
    if (levelSatisfies(level, 'write')) scopes.push(moduleScope(moduleId, 'write'));
  }
  if (administers) scopes.push(ADMIN_READ_SCOPE);
  return scopes;
}

/** A write scope covers reading the same module. */
export function scopesAllow(held: readonly string[], needed: string): boolean {
  if (held.includes(needed)) return true;
  const [moduleId, level] = needed.split(':');
  return level === 'read' && moduleId !== 'admin' && held.includes(`${moduleId}:write`);
}

export interface ApiKeySummary extends CredentialLifecycle {
  id: string;
  name: string;
  /** The key's first characters (`tsk_Ab3dEf9h`), enough to tell keys apart; never the secret. */
  prefix: string;
  scopes: string[];
  expires_at: string | null;
}

/** The answer to creating a key: the only time its secret is shown. */
export interface CreatedApiKey extends ApiKeySummary {
  secret: string;
}

export interface CreateApiKeyInput {
  name: string;
  scopes: string[];
  expires_at?: string;
}

// ─── Webhooks ─────────────────────────────────────────────────────────────────────────────────

export const WEBHOOK_EVENT_TYPES = [
  'deal.created',
  'deal.updated',
  'deal.stage_changed',
  'deal.deleted',
  'contact.created',
  'contact.updated',
  'contact.deleted',
  'company.created',
  'company.updated',
  'company.deleted',
  'lead.created',
  'lead.updated',
  'lead.deleted',
  'record.created',
  'record.updated',
  'record.deleted',
  'campaign.sent',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What an endpoint may subscribe to: an event type, a family (`contact.*`), or everything (`*`). */
export const WEBHOOK_EVENT_PATTERNS: readonly string[] = [
  '*',
  ...new Set(WEBHOOK_EVENT_TYPES.map((type) => `${type.split('.')[0]}.*`)),
  ...WEBHOOK_EVENT_TYPES,
];

export function isWebhookEventPattern(value: string): boolean {
  return WEBHOOK_EVENT_PATTERNS.includes(value);
}

/** The patterns that take in an event of `type`: everything, its family, itself. */
export function webhookPatternsFor(type: string): string[] {
  return ['*', `${type.split('.')[0]}.*`, type];
}

export function webhookEventMatches(patterns: readonly string[], type: string): boolean {
  const taking = webhookPatternsFor(type);
  return patterns.some((pattern) => taking.includes(pattern));
}

/** The body of every delivery; `data` is the changed row (for a deletion, its id and what it was). */
export interface WebhookEvent<Data = Record<string, unknown>> {
  id: string;
  type: WebhookEventType;
  created_at: string;
  institution_id: string;
  data: Data;
}

export const WEBHOOK_SIGNATURE_HEADER = 'Tessera-Signature';
export const WEBHOOK_EVENT_ID_HEADER = 'Tessera-Event-Id';
/** Receivers should refuse a signature older than this (a replayed delivery). */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;

export interface WebhookEndpointSummary {
  id: string;
  url: string;
  events: string[];
  /** False once it failed for the whole retry window (or was never reachable); see `disabled_reason`. */
  enabled: boolean;
  disabled_at: string | null;
  disabled_reason: string | null;
  /** Since when every delivery has failed; null while it answers. */
  failing_since: string | null;
  created_by: string | null;
  created_at: string;
}

export interface CreatedWebhookEndpoint extends WebhookEndpointSummary {
  /** Signs every delivery (HMAC-SHA256); shown once. */
  secret: string;
}

export interface CreateWebhookInput {
  url: string;
  events: string[];
}

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** One attempt of a delivery, as the delivery log shows it. */
export interface WebhookDeliveryAttempt {
  /** 1 for the first attempt. */
  attempt: number;
  started_at: string;
  /** Null while the attempt runs, when nothing was sent, or when its server stopped mid-attempt. */
  duration_ms: number | null;
  /** The receiver's HTTP status; null when none came. */
  response_status: number | null;
  /** Why the attempt failed; null for a 2xx (and while it runs). */
  error: string | null;
}

export interface WebhookDelivery {
  id: string;
  event_id: string;
  event_type: WebhookEventType;
  status: WebhookDeliveryStatus;
  attempts: number;
  /** Every attempt, oldest first. */
  attempt_log: WebhookDeliveryAttempt[];
  /** The HTTP status of the last answer; null when none came (timeout, refused connection). */
  response_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
  delivered_at: string | null;
}

const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
};

export function webhookDeliveryStatusLabel(status: WebhookDeliveryStatus): string {
  return DELIVERY_STATUS_LABELS[status];
}
