/**
 * Platform administration and subscriptions (docs/product/administration.md, docs/product/subscriptions.md, docs/product/platform-console.md): plans and what they allow, institution
 * administration (modules, members, invitations, levels, audit), billing with a payment provider,
 * the super admin console and remote versions. Shapes shared by the API and the shell.
 */
import type { InstitutionRole, StoredAccessLevel } from './access';
import type { InstitutionSummary } from './institutions';
import type { InvitationStatus } from './invitations';
import { MODULE_CATALOGUE, type ModuleCatalogueEntry, type ModuleCategory, type RemoteKey } from './modules';
import { normaliseCardNumber } from './luhn';

// ─── Plans ────────────────────────────────────────────────────────────────────────────────────

export interface PlanSummary {
  id: string;
  name: string;
  description: string;
  price_cents: number;
  categories: ModuleCategory[];
  includes_premium: boolean;
  sort_order: number;
  /** Every module id the plan allows, in catalogue order. */
  modules: string[];
}

export interface PlanRules {
  categories: readonly string[];
  includes_premium: boolean;
}

/** A plan allows a module when it includes the module's category, and premium modules only when it includes premium. */
export function isModuleAllowedByPlan(plan: PlanRules | null, module: ModuleCatalogueEntry): boolean {
  if (!plan) return false;
  return plan.categories.includes(module.category) && (!module.isPremium || plan.includes_premium);
}

export function modulesAllowedByPlan(
  plan: PlanRules | null,
  catalogue: readonly ModuleCatalogueEntry[] = MODULE_CATALOGUE,
): string[] {
  return catalogue.filter((entry) => isModuleAllowedByPlan(plan, entry)).map((entry) => entry.id);
}

/** `$79 / month` from 7900. */
export function formatPlanPrice(priceCents: number): string {
  const dollars = priceCents / 100;
  return `$${Number.isInteger(dollars) ? dollars : dollars.toFixed(2)} / month`;
}

// ─── Institution administration ───────────────────────────────────────────────────────────────

export interface InstitutionModuleState {
  module_id: string;
  name: string;
  category: ModuleCategory;
  is_premium: boolean;
  /** The institution's plan allows it. */
  allowed: boolean;
  /** In organization.modules_included. */
  enabled: boolean;
}

export interface AdministrationOverview {
  institution: InstitutionSummary;
  plan: PlanSummary | null;
  modules: InstitutionModuleState[];
  /** The caller's role here (super admins administer every institution). */
  caller_role: InstitutionRole | 'super_admin';
  /** Members without two-factor sign-in are refused the institution's modules. */
  require_two_factor: boolean;
}

export interface MemberSummary {
  user_id: string;
  email: string;
  name: string;
  role: InstitutionRole;
  joined_at: string;
  /** The effective level on every enabled module (explicit, else the role's default). */
  levels: Record<string, StoredAccessLevel>;
  /** Module ids whose level was set explicitly for this member. */
  explicit_modules: string[];
}

/** A pending invitation: its link has not been used and it was not withdrawn. */
export interface InvitationSummary {
  id: string;
  email: string;
  role: InstitutionRole;
  invited_by: string | null;
  created_at: string;
  /** When the latest e-mailed link stops working. */
  expires_at: string;
  /** When the latest link was e-mailed (the invitation, or its last resend). */
  sent_at: string;
  status: InvitationStatus;
}

export interface InviteMemberInput {
  email: string;
  role: InstitutionRole;
}

export interface ChangeRoleInput {
  role: InstitutionRole;
}

/** `null` removes the explicit level: the member falls back to the role's default. */
export interface SetModuleLevelInput {
  level: StoredAccessLevel | null;
}

export interface SetModuleEnabledInput {
  enabled: boolean;
}

/** What enabling or disabling a module answers: the modules the institution now has on. */
export interface IncludedModules {
  modules_included: string[];
}

export const AUDIT_ACTIONS = [
  'module.enabled',
  'module.disabled',
  'member.invited',
  'invitation.revoked',
  'invitation.resent',
  'invitation.accepted',
  'member.role_changed',
  'member.level_changed',
  'member.removed',
  'plan.changed',
  'payment.declined',
  'payment.refunded',
  'payment.refund_needed',
  'institution.status_changed',
  'remote.pinned',
  'remote.registered',
  'remote.published',
  'remote.release_removed',
  'deploy_token.created',
  'deploy_token.revoked',
  'remote.unpinned',
  'crm.records_merged',
  'crm.import_undone',
  'api_key.created',
  'api_key.revoked',
  'api_key.write',
  'webhook.created',
  'webhook.deleted',
  'webhook.disabled',
  'webhook.resent',
  'two_factor.enabled',
  'two_factor.disabled',
  'two_factor.requirement_changed',
  'session.ended',
  'sessions.ended_by_admin',
  'sso.configured',
  'sso.removed',
  'sso.signed_in',
  'sso.member_joined',
  'logo.changed',
  'logo.removed',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export interface AuditEntry {
  id: string;
  actor_email: string | null;
  action: AuditAction;
  /** What was acted on, in words (`taylor.brooks@acme.test`, `crm`, `growth → enterprise`). */
  target: string;
  details: Record<string, unknown>;
  created_at: string;
}

const AUDIT_LABELS: Record<AuditAction, string> = {
  'module.enabled': 'Enabled module',
  'module.disabled': 'Disabled module',
  'member.invited': 'Invited member',
  'invitation.revoked': 'Revoked invitation',
  'invitation.resent': 'Resent invitation',
  'invitation.accepted': 'Accepted invitation',
  'member.role_changed': 'Changed role',
  'member.level_changed': 'Changed module level',
  'member.removed': 'Removed member',
  'plan.changed': 'Changed plan',
  'payment.declined': 'Payment declined',
  'payment.refunded': 'Payment refunded (plan not changed)',
  'payment.refund_needed': 'Payment needs a refund (plan not changed)',
  'institution.status_changed': 'Changed institution status',
  'remote.pinned': 'Pinned remote version',
  'remote.registered': 'Registered remote',
  'remote.published': 'Published remote version',
  'remote.release_removed': 'Removed remote version',
  'deploy_token.created': 'Created deploy token',
  'deploy_token.revoked': 'Revoked deploy token',
  'remote.unpinned': 'Unpinned remote version',
  'crm.records_merged': 'Merged duplicate CRM records',
  'crm.import_undone': 'Undid a CRM import',
  'api_key.created': 'Created API key',
  'api_key.revoked': 'Revoked API key',
  'api_key.write': 'Changed data with an API key',
  'webhook.created': 'Subscribed webhook',
  'webhook.deleted': 'Deleted webhook',
  'webhook.disabled': 'Webhook disabled after failing',
  'webhook.resent': 'Resent webhook delivery',
  'two_factor.enabled': 'Turned on two-factor sign-in',
  'two_factor.disabled': 'Turned off two-factor sign-in',
  'two_factor.requirement_changed': 'Changed the two-factor requirement',
  'session.ended': 'Ended a session',
  'sessions.ended_by_admin': 'Ended every session of a member',
  'sso.configured': 'Changed single sign-on',
  'sso.removed': 'Removed single sign-on',
  'sso.signed_in': 'Signed in with single sign-on',
  'sso.member_joined': 'Joined through single sign-on',
  'logo.changed': 'Changed logo',
  'logo.removed': 'Removed logo',
};

export function auditActionLabel(action: string): string {
  return (AUDIT_LABELS as Record<string, string>)[action] ?? action;
}

// ─── Billing and the payment provider ─────────────────────────────────────────────────────────

export interface PaymentCardInput {
  number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
  name?: string;
}

export interface ChangePlanInput {
  plan_id: string;
  card: PaymentCardInput;
}

export interface InvoiceSummary {
  id: string;
  number: string;
  from_plan_id: string | null;
  to_plan_id: string;
  amount_cents: number;
  currency: string;
  card_brand: string;
  card_last4: string;
  created_at: string;
}

export interface PaymentMethodSummary {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
}

export interface BillingOverview {
  plan: PlanSummary | null;
  invoices: InvoiceSummary[];
  payment_method: PaymentMethodSummary | null;
}

export interface ChangePlanResult {
  plan: PlanSummary;
  invoice: InvoiceSummary;
  /** Modules the new plan allows that the old one did not: they can be enabled now. */
  newly_allowed_modules: string[];
  /** Modules the new plan no longer allows: they were disabled. */
  disabled_modules: string[];
}

export type TestCardOutcome = 'approved' | 'declined' | 'insufficient_funds' | 'expired';

/** The built-in test provider's cards (the usual test numbers). Any other valid number is approved. */
export const TEST_CARDS: ReadonlyArray<{ number: string; outcome: TestCardOutcome; label: string }> = [
  { number: '4242 4242 4242 4242', outcome: 'approved', label: 'Visa, approved' },
  { number: '5555 5555 5555 4444', outcome: 'approved', label: 'Mastercard, approved' },
  { number: '4000 0000 0000 0002', outcome: 'declined', label: 'Declined' },
  { number: '4000 0000 0000 9995', outcome: 'insufficient_funds', label: 'Insufficient funds' },
  { number: '4000 0000 0000 0069', outcome: 'expired', label: 'Expired card' },
];

/** Messages people see when a payment fails: what happened and that nothing changed. */
export const PAYMENT_DECLINE_MESSAGES: Record<
  Exclude<TestCardOutcome, 'approved'> | 'invalid_number',
  string
> = {
  declined: 'Your card was declined. Your plan has not been changed.',
  insufficient_funds: 'Your card has insufficient funds. Your plan has not been changed.',
  expired: 'Your card has expired. Your plan has not been changed.',
  invalid_number: 'Your card number is incorrect. Your plan has not been changed.',
};

export function cardBrand(cardNumber: string): string {
  const digits = normaliseCardNumber(cardNumber);
  if (digits.startsWith('4')) return 'Visa';
  if (/^5[1-5]/.test(digits) || /^2[2-7]/.test(digits)) return 'Mastercard';
  if (/^3[47]/.test(digits)) return 'American Express';
  return 'Card';
}

export interface PaymentTestInput {
  card: PaymentCardInput;
  amount_cents: number;
}

/** Whether this server can take payments (PAYMENT_PROVIDER); without one, plans cannot change. */
export interface PaymentsStatus {
  configured: boolean;
  /** The built-in test provider: no money moves. */
  test_mode: boolean;
}

/** Shown on Upgrade Plan, and answered by the API, when the server has no payment provider. */
export const PAYMENTS_NOT_CONFIGURED_MESSAGE =
  'Payments are not configured on this server, so the plan cannot be changed here. Ask the people who run Tessera for you to set up a payment provider.';

/** The header that makes a plan change safe to submit twice: one value per checkout attempt. */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';

export interface PaymentTestResult {
  approved: boolean;
  message: string;
  charge_id: string | null;
  brand: string;
  last4: string;
}

// ─── Super admin console and remote versions ──────────────────────────────────────────────────

export type InstitutionStatus = 'active' | 'suspended';

export const SUSPENDED_INSTITUTION_MESSAGE = 'This institution is suspended. Contact your administrator.';

export interface PlatformInstitution {
  id: string;
  name: string;
  slug: string;
  plan_id: string | null;
  plan_name: string | null;
  status: InstitutionStatus;
  modules_included: string[];
  member_count: number;
  created_at: string;
}

export interface UpdatePlatformInstitutionInput {
  status?: InstitutionStatus;
  plan_id?: string;
}

export interface RemoteVersionSummary {
  remote: RemoteKey;
  version: string;
  published_at: string;
}

export interface RemoteVersionUsage {
  institution_id: string;
  institution_name: string;
  /** The pinned version, or null when the institution follows the latest. */
  pinned: string | null;
  /** What the institution's shell loads: a version, or `workspace` for the unversioned build. */
  effective: string;
}

export interface RemoteVersionsOverview {
  remote: RemoteKey;
  name: string;
  latest: string | null;
  versions: RemoteVersionSummary[];
  usage: RemoteVersionUsage[];
}

export interface PinRemoteVersionInput {
  version: string;
}

/** The version the registry answers: the pin if it is published, else the latest, else the workspace build. */
export function effectiveRemoteVersion(
  pinned: string | null,
  published: readonly string[],
  latest: string | null,
): string {
  if (pinned && published.includes(pinned)) return pinned;
  return latest ?? 'workspace';
}
