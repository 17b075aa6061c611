import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  crmMergeValues,
  isEmailAddress,
  nextSendingDay,
  renderMergeFields,
  type SequenceEnrollmentStatus,
  type SequenceStepType,
  sendingDay,
  waitEnds,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { scopeSql } from '../../access/scoped-query';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { JobQueue } from '../../jobs/job-queue.service';
import { DELIVER_MAIL_JOB, newTrackingToken, OutboxService } from '../../mail/outbox.service';
import { logActivities } from '../activities/activity-log';
import { campaignMessage } from '../campaigns/campaign-message';
import { MailLinks } from '../email/mail-links';
import { isUnsubscribed } from '../email/unsubscribes';

export const SEQUENCE_STEP_JOB = 'crm.sequence.step';
export const SEQUENCE_SWEEP_JOB = 'crm.sequence.sweep';

/** Due enrollments handed to the queue per sweep transaction. */
const SWEEP_BATCH = 500;

/** The idempotency key of a step's message: one per enrollment and step, ever. */
export function sequenceMessageKey(enrollmentId: string, stepId: string): string {
  return `sequence:${enrollmentId}:${stepId}`;
}

interface EnrollmentRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  sequence_id: string;
  contact_id: string | null;
  lead_id: string | null;
  enrolled_by: string;
  status: SequenceEnrollmentStatus;
  next_position: number;
  due: boolean;
}

interface StepRow {
  id: string;
  type: SequenceStepType;
  subject: string | null;
  body: string | null;
  days: number | null;
  business_days: boolean;
}

interface PersonRow {
  first_name: string;
  last_name: string;
  company: string | null;
  email: string | null;
}

/** What one step job did, for the log line. */
type StepOutcome =
  | 'not due'
  | 'gone'
  | 'finished'
  | 'replied'
  | 'unsubscribed'
  | 'bounced'
  | 'over daily limit'
  | 'sent'
  | 'task'
  | 'waited'
  | 'skipped';

/**
 * Runs sequences (docs/product/sequences.md, docs/adr/0023-sequences.md). An enrollment's row says
 * which step is next and when (`next_position`, `next_step_at`); a step job does that one step in
 * one transaction under the enrollment's row lock: the run row (unique per enrollment and step),
 * the outbox message or the task, and the move to the next step commit together or not at all, so a
 * job redelivered after a crash finds the step done and sends nothing twice. A step due now is
 * enqueued in the transaction that makes it due; a wait that ends later is found by the sweep, a
 * job that re-enqueues itself every SEQUENCE_SWEEP_SECONDS.
 */
@Injectable()
export class SequenceRunner implements OnModuleInit, OnApplicationBootstrap {
  private readonly logger = new Logger('Sequences');

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly jobs: JobQueue,
    private readonly outbox: OutboxService,
    private readonly links: MailLinks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.jobs.register<{ enrollmentId: string }>({
      name: SEQUENCE_STEP_JOB,
      handler: (data) => this.runStep(data.enrollmentId).then(() => undefined),
      queue: { retryLimit: 10, retryDelay: 5, retryBackoff: true },
      concurrency: 2,
    });
    this.jobs.register<Record<string, never>>({
      name: SEQUENCE_SWEEP_JOB,
      handler: () => this.sweepAndContinue(),
      // One waiting sweep at a time, whatever number of processes start one.
      queue: { policy: 'stately', retryLimit: 5, retryDelay: 5 },
    });
  }

  async onApplicationBootstrap(): Promise<void> {
    // Every process makes sure a sweep is waiting (the queue keeps one): a chain that ended with
    // a process is started again by the next one.
    if (!this.jobs.running) return;
    await this.scheduleSweep(0);
  }

  /** Enqueues the due step of each enrollment in the caller's transaction (an enrollment, a step done). */
  async enqueue(manager: EntityManager, enrollmentIds: string[]): Promise<void> {
    if (enrollmentIds.length === 0) return;
    await manager.query(
      'UPDATE crm_sequence_enrollments SET swept_at = clock_timestamp(), queued_for = next_step_at WHERE id = ANY($1::uuid[])',
      [enrollmentIds],
    );
    await this.jobs.sendMany(
      SEQUENCE_STEP_JOB,
      enrollmentIds.map((enrollmentId) => ({ data: { enrollmentId } })),
      { manager },
    );
  }

  /** Starts this process's idle step workers now, once the enqueuing change has committed. */
  wake(): void {
    this.jobs.wake(SEQUENCE_STEP_JOB);
  }

  private async scheduleSweep(delaySeconds: number): Promise<void> {
    await this.jobs.send(
      SEQUENCE_SWEEP_JOB,
      {},
      { singletonKey: 'sweep', startAfter: new Date(Date.now() + delaySeconds * 1000) },
    );
  }

  private async sweepAndContinue(): Promise<void> {
    try {
      await this.sweep();
    } finally {
      await this.scheduleSweep(this.config.sequenceSweepSeconds);
    }
  }

  /**
   * Hands every enrollment whose step has come due to the queue: waits that ended, steps held by
   * the daily limit, and (after five minutes) a step whose job was lost.
   */
  async sweep(): Promise<number> {
    let handed = 0;
    for (;;) {
      const ids = await this.dataSource.transaction(async (manager) => {
        const rows: Array<{ id: string }> = await manager.query(
          `SELECT id FROM crm_sequence_enrollments
            WHERE status = 'active' AND next_step_at <= now()
              AND (queued_for IS DISTINCT FROM next_step_at OR swept_at < now() - interval '5 minutes')
            ORDER BY next_step_at
            LIMIT ${SWEEP_BATCH}
            FOR UPDATE SKIP LOCKED`,
        );
        await this.enqueue(
          manager,
          rows.map((row) => row.id),
        );
        return rows;
      });
      handed += ids.length;
      if (ids.length > 0) this.wake();
      if (ids.length < SWEEP_BATCH) return handed;
    }
  }

  /** One step of one enrollment (the job). */
  async runStep(enrollmentId: string): Promise<StepOutcome> {
    const outcome = await this.dataSource.transaction((manager) => this.step(manager, enrollmentId));
    if (outcome === 'sent') this.jobs.wake(DELIVER_MAIL_JOB);
    if (outcome === 'sent' || outcome === 'task' || outcome === 'skipped') this.wake();
    this.logger.log(`enrollment ${enrollmentId}: ${outcome}`);
    return outcome;
  }

  private async step(manager: EntityManager, enrollmentId: string): Promise<StepOutcome> {
    const [enrollment]: EnrollmentRow[] = await manager.query(
      `SELECT id, org_id, owner_id, sequence_id, contact_id, lead_id, enrolled_by, status, next_position,
              next_step_at <= now() AS due
         FROM crm_sequence_enrollments WHERE id = $1 FOR UPDATE`,
      [enrollmentId],
    );
    if (enrollment?.status !== 'active') return 'gone';
    if (!enrollment.due) return 'not due';

    const person = await this.person(manager, enrollment);
    if (!person) return this.exit(manager, enrollment.id, 'finished');
    const address = person.email?.trim().toLowerCase() ?? '';
    // docs/product/sequences.md: an unsubscribed or bounced address leaves the sequence.
    if (address && (await isUnsubscribed(manager, enrollment, address)))
      return this.exit(manager, enrollment.id, 'unsubscribed');
    if (await this.bounced(manager, enrollment.id)) return this.exit(manager, enrollment.id, 'bounced');

    const [step]: StepRow[] = await manager.query(
      `SELECT id, type, subject, body, days, business_days FROM crm_sequence_steps
        WHERE sequence_id = $1 AND position = $2 AND removed_at IS NULL`,
      [enrollment.sequence_id, enrollment.next_position],
    );
    if (!step) return this.exit(manager, enrollment.id, 'finished');

    if (step.type === 'email' && isEmailAddress(address)) {
      if (!(await this.countSend(manager, enrollment.enrolled_by))) {
        // Over the sender's daily limit: the step waits for the next day (the sweep brings it back).
        await manager.query('UPDATE crm_sequence_enrollments SET next_step_at = $2 WHERE id = $1', [
          enrollment.id,
          nextSendingDay(new Date()),
        ]);
        return 'over daily limit';
      }
    }

    // One time for the run and what follows from it (a wait ends counted from the run).
    const now = new Date();
    const claimed: Array<{ id: string }> = await manager.query(
      `INSERT INTO crm_sequence_step_runs (org_id, owner_id, enrollment_id, step_id, outcome, ran_at)
       VALUES ($1, $2, $3, $4, 'skipped', $5)
       ON CONFLICT (enrollment_id, step_id) DO NOTHING
       RETURNING id`,
      [enrollment.org_id, enrollment.owner_id, enrollment.id, step.id, now],
    );
    let outcome: StepOutcome = 'skipped';
    let nextAt = now;
    if (claimed.length === 0) {
      // Done already (it cannot be, under the lock, unless the pointer was moved back by hand):
      // never twice, move on.
      if (step.type === 'email' && isEmailAddress(address))
        await manager.query(
          'UPDATE crm_sequence_daily_sends SET sent = sent - 1 WHERE user_id = $1 AND day = $2 AND sent > 0',
          [enrollment.enrolled_by, sendingDay(new Date())],
        );
    } else if (step.type === 'email') {
      if (isEmailAddress(address)) {
        const { messageId, activityId } = await this.sendEmail(manager, enrollment, step, person, address);
        await manager.query(
          `UPDATE crm_sequence_step_runs SET outcome = 'sent', outbox_message_id = $2, activity_id = $3 WHERE id = $1`,
          [claimed[0].id, messageId, activityId],
        );
        outcome = 'sent';
      } else {
        await manager.query(`UPDATE crm_sequence_step_runs SET note = $2 WHERE id = $1`, [
          claimed[0].id,
          address ? `${address} is not a valid e-mail address` : 'No e-mail address',
        ]);
      }
    } else if (step.type === 'task') {
      const [activityId] = await logActivities(manager, [
        {
          org_id: enrollment.org_id,
          // docs/product/sequences.md: a task step is for the person who enrolled them.
          owner_id: enrollment.enrolled_by,
          contact_id: enrollment.contact_id,
          lead_id: enrollment.lead_id,
          type: 'task',
          subject: renderMergeFields(step.subject ?? '', crmMergeValues(person)).trim() || 'Sequence task',
          description: step.body ? renderMergeFields(step.body, crmMergeValues(person)) : null,
          status: 'pending',
          due_date: new Date(),
        },
      ]);
      await manager.query(
        `UPDATE crm_sequence_step_runs SET outcome = 'task', activity_id = $2 WHERE id = $1`,
        [claimed[0].id, activityId],
      );
      outcome = 'task';
    } else {
      nextAt = waitEnds(now, { days: step.days ?? 0, business_days: step.business_days });
      await manager.query(`UPDATE crm_sequence_step_runs SET outcome = 'waited' WHERE id = $1`, [
        claimed[0].id,
      ]);
      outcome = 'waited';
    }

    // The next step, when due now, is queued with this one's commit; a wait is left to the sweep.
    // One UPDATE: a second one of the same row in this transaction would re-check its foreign keys
    // (key-share the sequence's row) and wait on someone enrolling into that sequence.
    const dueNow = nextAt.getTime() <= Date.now();
    await manager.query(
      `UPDATE crm_sequence_enrollments
          SET next_position = next_position + 1, next_step_at = $2,
              swept_at = CASE WHEN $3 THEN clock_timestamp() ELSE swept_at END,
              queued_for = CASE WHEN $3 THEN $2 ELSE queued_for END
        WHERE id = $1`,
      [enrollment.id, nextAt, dueNow],
    );
    if (dueNow) await this.jobs.send(SEQUENCE_STEP_JOB, { enrollmentId: enrollment.id }, { manager });
    return outcome;
  }

  private async person(manager: EntityManager, enrollment: EnrollmentRow): Promise<PersonRow | null> {
    const [row]: PersonRow[] = enrollment.contact_id
      ? await manager.query('SELECT first_name, last_name, company, email FROM crm_contacts WHERE id = $1', [
          enrollment.contact_id,
        ])
      : await manager.query('SELECT first_name, last_name, company, email FROM crm_leads WHERE id = $1', [
          enrollment.lead_id,
        ]);
    return row ?? null;
  }

  /** A message of this enrollment that the mail server refused for good. */
  private async bounced(manager: EntityManager, enrollmentId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM crm_sequence_step_runs r JOIN mail_outbox m ON m.id = r.outbox_message_id
        WHERE r.enrollment_id = $1 AND m.status = 'failed' LIMIT 1`,
      [enrollmentId],
    );
    return rows.length > 0;
  }

  private async exit(
    manager: EntityManager,
    enrollmentId: string,
    status: Exclude<SequenceEnrollmentStatus, 'active'>,
  ): Promise<StepOutcome> {
    await manager.query(
      `UPDATE crm_sequence_enrollments SET status = $2, exited_at = now() WHERE id = $1 AND status = 'active'`,
      [enrollmentId, status],
    );
    return status === 'moved' || status === 'unenrolled' ? 'gone' : status;
  }

  /**
   * Counts one send against the sender's day, under the counter row's lock; false when the day's
   * limit is reached (nothing counted).
   */
  private async countSend(manager: EntityManager, senderId: string): Promise<boolean> {
    const rows: unknown[] = await manager.query(
      `INSERT INTO crm_sequence_daily_sends (user_id, day, sent) VALUES ($1, $2, 1)
       ON CONFLICT (user_id, day) DO UPDATE SET sent = crm_sequence_daily_sends.sent + 1
        WHERE crm_sequence_daily_sends.sent < $3
       RETURNING sent`,
      [senderId, sendingDay(new Date()), this.config.sequenceDailyLimit],
    );
    return rows.length > 0;
  }

  private async sendEmail(
    manager: EntityManager,
    enrollment: EnrollmentRow,
    step: StepRow,
    person: PersonRow,
    address: string,
  ): Promise<{ messageId: string; activityId: string }> {
    const token = newTrackingToken();
    // The campaign's message shape: merge fields, open pixel, tracked links, unsubscribe footer.
    const rendered = campaignMessage(
      { subject: step.subject ?? '', body: step.body ?? '' },
      { ...person, email: address },
      {
        openPixel: this.links.openPixel(token),
        unsubscribe: this.links.unsubscribe(token),
        click: (url) => this.links.click(token, url),
      },
      await this.senderName(manager, enrollment),
    );
    const [messageId] = await this.outbox.queue(manager, [
      {
        orgId: enrollment.org_id,
        kind: 'automation',
        to: address,
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        idempotencyKey: sequenceMessageKey(enrollment.id, step.id),
        contactId: enrollment.contact_id ?? undefined,
        createdBy: enrollment.enrolled_by,
        trackingToken: token,
        throughMailbox: await this.sendingMailbox(manager, enrollment),
      },
    ]);
    const [activityId] = await logActivities(manager, [
      {
        org_id: enrollment.org_id,
        owner_id: enrollment.enrolled_by,
        contact_id: enrollment.contact_id,
        lead_id: enrollment.lead_id,
        type: 'email',
        subject: rendered.subject,
        description: `Sequence email to ${address}`,
        status: 'completed',
      },
    ]);
    return { messageId, activityId };
  }

  /**
   * The enrolling person's mailbox with SMTP settings in the enrollment's scope (synced ones first,
   * the newest): the step goes From their own address through it; none, MAIL_FROM sends it.
   */
  private async sendingMailbox(manager: EntityManager, enrollment: EnrollmentRow): Promise<string | null> {
    const where = scopeSql({ institutionId: enrollment.org_id, userId: enrollment.enrolled_by }, 'm', 2);
    const [mailbox]: Array<{ id: string }> = await manager.query(
      `SELECT m.id FROM crm_mailboxes m
        WHERE m.owner_id = $1 AND ${where.sql} AND m.smtp_host IS NOT NULL AND m.email_address IS NOT NULL
        ORDER BY m.status = 'synced' DESC, m.created_at DESC LIMIT 1`,
      [enrollment.enrolled_by, ...where.params],
    );
    return mailbox?.id ?? null;
  }

  /** Who the footer says the e-mail comes from: the institution, or the person who enrolled them. */
  private async senderName(manager: EntityManager, enrollment: EnrollmentRow): Promise<string | null> {
    const [row]: Array<{ name: string | null }> = enrollment.org_id
      ? await manager.query('SELECT name FROM institutions WHERE id = $1', [enrollment.org_id])
      : await manager.query(
          `SELECT coalesce(nullif(btrim(concat_ws(' ', first_name, last_name)), ''), email) AS name
             FROM users WHERE id = $1`,
          [enrollment.enrolled_by],
        );
    return row?.name ?? null;
  }
}
