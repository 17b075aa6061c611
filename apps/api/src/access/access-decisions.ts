import { Inject, Injectable, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { AccessLevel, InstitutionRole } from '@tessera/data-access/contracts';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { NotificationListener } from '../database/notification-listener';
import type { InstitutionEntity } from '../institutions/institution.entity';

export interface InstitutionAccess {
  institution: InstitutionEntity;
  role: InstitutionRole | 'super_admin';
  /** Level per module the institution has enabled and the caller may see. */
  accessControl: Record<string, AccessLevel>;
  /** The institution requires two-factor sign-in and the caller has not turned it on. */
  twoFactorMissing: boolean;
  /** The institution made single sign-on the only way in: its provider's name. */
  ssoOnly: { name: string } | null;
}

/**
 * Whether this caller's session may not enter the institution because it was not opened through
 * the institution's single sign-on. Its owners may (break-glass: a broken provider must not lock
 * the company out, docs/security.md), and so may the platform's operators and API keys, which are
 * not sign-ins. Decided from the cached decision and the token's claim: no query.
 */
export function ssoSessionMissing(access: InstitutionAccess, user: AuthenticatedUser): boolean {
  if (!access.ssoOnly || user.apiKey) return false;
  if (access.role === 'owner' || access.role === 'super_admin') return false;
  return user.ssoInstitutionId !== access.institution.id;
}

/** Triggers on the access tables NOTIFY here (access-changes.migration.ts). */
export const ACCESS_CHANGED_CHANNEL = 'tessera_access_changed';
/** A backstop only: a change is announced at once; this bounds a decision's life should a notice be lost. */
const DECISION_TTL_MS = 60_000;
const MAX_DECISIONS = 50_000;

/**
 * The access decision (membership, institution status and modules, levels) of each user in each
 * institution, kept in memory: it is needed on every org-scoped request and changes rarely. Any
 * change to the tables it is made of — by this process or another — fires a trigger whose NOTIFY
 * empties every process's cache at once. A decision read while a change commits is not kept
 * (generation check), so a stale one never outlives the notice.
 * With the embedded database (one process, no LISTEN connection to spare) nothing is kept.
 */
@Injectable()
export class AccessDecisions implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly decisions = new Map<string, { access: InstitutionAccess | null; expiresAt: number }>();
  private generation = 0;
  private listener: NotificationListener | null = null;
  private listening = false;
  private readonly noticeHandlers: Array<(table: string | null) => void> = [];

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async onApplicationBootstrap(): Promise<void> {
    const url = this.config.databaseLogins?.runtime;
    if (!url) return;
    this.listener = new NotificationListener(
      url,
      [ACCESS_CHANGED_CHANNEL],
      {
        notified: (_channel, table) => this.notice(table),
        reconnected: () => this.notice(null),
      },
      'AccessDecisions',
    );
    await this.listener.start();
    this.listening = true;
  }

  async onApplicationShutdown(): Promise<void> {
    this.listening = false;
    await this.listener?.stop();
  }

  /**
   * The decision kept for this caller and institution, without waiting: undefined when none is kept
   * (or none may be: without the change listener nothing is kept).
   */
  kept(userId: string, isSuperAdmin: boolean, institutionId: string): InstitutionAccess | null | undefined {
    if (!this.listening) return undefined;
    const kept = this.decisions.get(decisionKey(userId, isSuperAdmin, institutionId));
    return kept && kept.expiresAt > Date.now() ? kept.access : undefined;
  }

  async decide(
    userId: string,
    isSuperAdmin: boolean,
    institutionId: string,
    load: () => Promise<InstitutionAccess | null>,
  ): Promise<InstitutionAccess | null> {
    const kept = this.kept(userId, isSuperAdmin, institutionId);
    if (kept !== undefined) return kept;
    if (!this.listening) return load();
    const key = decisionKey(userId, isSuperAdmin, institutionId);
    const generation = this.generation;
    const access = await load();
    if (generation === this.generation) {
      if (this.decisions.size >= MAX_DECISIONS) this.decisions.clear();
      this.decisions.set(key, { access, expiresAt: Date.now() + DECISION_TTL_MS });
    }
    return access;
  }

  /**
   * Also told of every notice on the channel (the changed table's name; null after a lost
   * connection, when anything may have changed): the module catalogue shares this connection.
   */
  onNotice(handler: (table: string | null) => void): void {
    this.noticeHandlers.push(handler);
  }

  private notice(table: string | null): void {
    this.forgetAll();
    for (const handler of this.noticeHandlers) handler(table);
  }

  /** Every kept decision is dropped, and any being read now is not kept. */
  forgetAll(): void {
    this.generation += 1;
    this.decisions.clear();
  }
}

function decisionKey(userId: string, isSuperAdmin: boolean, institutionId: string): string {
  return `${userId}:${isSuperAdmin ? 'super' : 'member'}:${institutionId}`;
}
