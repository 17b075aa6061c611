import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  SEQUENCE_ENROLLMENT_STATUSES,
  type Sequence,
  type SequenceEnrollment,
  type SequenceEnrollmentCounts,
  type SequenceEnrollmentResult,
  type SequenceEnrollmentSource,
  type SequenceEnrollmentStatus,
  type SequenceStep,
  type SequenceStepFigures,
  type SequenceStepInput,
  sequenceStepProblems,
  unknownMergeFields,
  unknownMergeFieldsMessage,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ownership, type RowOwner, scopeSql } from '../../access/scoped-query';
import { ConflictError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { segmentLeadsSql } from '../segments/segment-members';
import type { CreateSequenceDto, EnrollInSequenceDto, UpdateSequenceDto } from './dto/sequence.dto';
import { SequenceRunner } from './sequence-runner.service';

interface SequenceRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  name: string;
  description: string | null;
  created_at: Date;
  updated_at: Date;
}

interface StepRow extends Omit<SequenceStep, 'figures'> {
  sequence_id: string;
}

/** Who is enrolled, and how. */
export interface EnrollmentTargets {
  contactIds?: string[];
  leadIds?: string[];
}

/** A reply seen in a synced mailbox: the people it came from, and when. */
export interface SequenceReplies {
  contactIds?: string[];
  leadIds?: string[];
  repliedAt: Date;
}

interface Target {
  kind: 'contact' | 'lead';
  id: string;
  email: string | null;
  org_id: string | null;
  owner_id: string;
}

const UNIQUE_VIOLATION = '23505';

const iso = (value: Date | null): string | null => (value ? new Date(value).toISOString() : null);

/** Problems of the steps as written, keyed `steps.<index>.<field>`; nothing written when any. */
function checkSteps(steps: SequenceStepInput[]): void {
  const errors: Record<string, string[]> = {};
  steps.forEach((step, index) => {
    for (const [field, problem] of Object.entries(sequenceStepProblems(step)))
      errors[`steps.${index}.${field}`] = [problem];
    if (step.type === 'email') {
      for (const field of ['subject', 'body'] as const) {
        const unknown = unknownMergeFields(step[field] ?? '');
        if (unknown.length) errors[`steps.${index}.${field}`] = [unknownMergeFieldsMessage(unknown)];
      }
    }
  });
  const messages = Object.entries(errors).flatMap(([field, problems]) =>
    problems.map((p) => `${field}: ${p}`),
  );
  if (messages.length) throw new InvalidInputError(messages.join('; '), errors);
}

/**
 * Sequences (docs/product/sequences.md): building them, enrolling people and the ways they leave.
 * Every query names the caller's scope (access/scoped-query.ts); running the steps is the
 * runner's (sequence-runner.service.ts).
 */
@Injectable()
export class SequencesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly runner: SequenceRunner,
  ) {}

  async list(scope: RowOwner): Promise<Sequence[]> {
    const where = scopeSql(scope, 's', 1);
    const rows: SequenceRow[] = await this.dataSource.query(
      `SELECT s.id, s.org_id, s.owner_id, s.name, s.description, s.created_at, s.updated_at
         FROM crm_sequences s WHERE ${where.sql} ORDER BY s.created_at DESC, s.id`,
      where.params,
    );
    return this.withDetails(this.dataSource.manager, rows);
  }

  async get(
    scope: RowOwner,
    id: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Sequence> {
    return this.withDetails(manager, [await this.row(manager, scope, id)]).then(([sequence]) => sequence);
  }

  private async row(manager: EntityManager, scope: RowOwner, id: string, lock = false): Promise<SequenceRow> {
    const where = scopeSql(scope, 's', 2);
    const [row]: SequenceRow[] = await manager.query(
      `SELECT s.id, s.org_id, s.owner_id, s.name, s.description, s.created_at, s.updated_at
         FROM crm_sequences s WHERE s.id = $1 AND ${where.sql}${lock ? ' FOR UPDATE' : ''}`,
      [id, ...where.params],
    );
    if (!row) throw new NotFoundError('Sequence');
    return row;
  }

  async create(scope: RowOwner, input: CreateSequenceDto): Promise<Sequence> {
    checkSteps(input.steps);
    return this.dataSource.transaction(async (manager) => {
      const owner = ownership(scope);
      const [row]: Array<{ id: string }> = await manager.query(
        `INSERT INTO crm_sequences (org_id, owner_id, name, description) VALUES ($1, $2, $3, $4) RETURNING id`,
        [owner.org_id, owner.owner_id, input.name.trim(), input.description?.trim() || null],
      );
      await this.writeSteps(manager, { id: row.id, ...owner }, input.steps);
      return this.get(scope, row.id, manager);
    });
  }

  async update(scope: RowOwner, id: string, changes: UpdateSequenceDto): Promise<Sequence> {
    if (changes.steps) checkSteps(changes.steps);
    return this.dataSource.transaction(async (manager) => {
      const sequence = await this.row(manager, scope, id, true);
      if (changes.name !== undefined || changes.description !== undefined)
        await manager.query(
          `UPDATE crm_sequences SET name = coalesce($2, name),
                  description = CASE WHEN $4 THEN $3 ELSE description END, updated_at = now()
            WHERE id = $1`,
          [
            id,
            changes.name?.trim() ?? null,
            changes.description?.trim() || null,
            changes.description !== undefined,
          ],
        );
      if (changes.steps) {
        const [{ active }]: Array<{ active: string }> = await manager.query(
          `SELECT count(*) AS active FROM crm_sequence_enrollments WHERE sequence_id = $1 AND status = 'active'`,
          [id],
        );
        // People part-way through would jump to whatever step now has their position.
        if (Number(active) > 0)
          throw new ConflictError(
            'People are going through this sequence: unenroll them to change its steps',
          );
        // Steps that ran keep their figures; the others go.
        await manager.query(
          `DELETE FROM crm_sequence_steps s WHERE s.sequence_id = $1 AND s.removed_at IS NULL
              AND NOT EXISTS (SELECT 1 FROM crm_sequence_step_runs r WHERE r.step_id = s.id)`,
          [id],
        );
        await manager.query(
          'UPDATE crm_sequence_steps SET removed_at = now() WHERE sequence_id = $1 AND removed_at IS NULL',
          [id],
        );
        await this.writeSteps(manager, sequence, changes.steps);
        await manager.query('UPDATE crm_sequences SET updated_at = now() WHERE id = $1', [id]);
      }
      return this.get(scope, id, manager);
    });
  }

  async remove(scope: RowOwner, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      await this.row(manager, scope, id, true);
      await manager.query('DELETE FROM crm_sequences WHERE id = $1', [id]);
    });
  }

  private async writeSteps(
    manager: EntityManager,
    sequence: Pick<SequenceRow, 'id' | 'org_id' | 'owner_id'>,
    steps: SequenceStepInput[],
  ): Promise<void> {
    for (const [index, step] of steps.entries()) {
      const wait = step.type === 'wait';
      await manager.query(
        `INSERT INTO crm_sequence_steps (org_id, owner_id, sequence_id, position, type, subject, body, days, business_days)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
        [
          sequence.org_id,
          sequence.owner_id,
          sequence.id,
          index + 1,
          step.type,
          wait ? null : (step.subject?.trim() ?? null),
          wait ? null : step.body?.trim() || null,
          wait ? step.days : null,
          wait ? step.business_days === true : false,
        ],
      );
    }
  }

  /** Steps (current ones, in order) with their figures, and enrollment counts by status. */
  private async withDetails(manager: EntityManager, rows: SequenceRow[]): Promise<Sequence[]> {
    if (rows.length === 0) return [];
    const ids = rows.map((row) => row.id);
    const steps: StepRow[] = await manager.query(
      `SELECT id, sequence_id, position, type, subject, body, days, business_days
         FROM crm_sequence_steps WHERE sequence_id = ANY($1::uuid[]) AND removed_at IS NULL
        ORDER BY sequence_id, position`,
      [ids],
    );
    const figures = await this.figures(manager, ids);
    const counts: Array<{ sequence_id: string; status: SequenceEnrollmentStatus; n: string }> =
      await manager.query(
        `SELECT sequence_id, status, count(*) AS n FROM crm_sequence_enrollments
        WHERE sequence_id = ANY($1::uuid[]) GROUP BY 1, 2`,
        [ids],
      );
    return rows.map((row) => {
      const enrollments = Object.fromEntries(
        SEQUENCE_ENROLLMENT_STATUSES.map((status) => [status, 0]),
      ) as SequenceEnrollmentCounts;
      for (const count of counts.filter((entry) => entry.sequence_id === row.id))
        enrollments[count.status] = Number(count.n);
      return {
        ...row,
        created_at: new Date(row.created_at).toISOString(),
        updated_at: new Date(row.updated_at).toISOString(),
        steps: steps
          .filter((step) => step.sequence_id === row.id)
          .map(({ sequence_id: _sequence, ...step }) => ({
            ...step,
            figures: figures.get(step.id) ?? { sent: 0, opened: 0, replied: 0, meetings: 0 },
          })),
        enrollments,
      };
    });
  }

  /**
   * Per step: messages handed to the mail server, opened (tracking), people whose reply came
   * after this e-mail and before the next, and people with a meeting logged after this e-mail and
   * before the next (docs/product/sequences.md#figures).
   */
  private async figures(
    manager: EntityManager,
    sequenceIds: string[],
  ): Promise<Map<string, SequenceStepFigures>> {
    const rows: Array<{ step_id: string; sent: string; opened: string; replied: string; meetings: string }> =
      await manager.query(
        `WITH runs AS (
           SELECT r.step_id, r.enrollment_id, r.ran_at, m.status, m.opened_at
             FROM crm_sequence_step_runs r
             JOIN crm_sequence_steps s ON s.id = r.step_id
             JOIN mail_outbox m ON m.id = r.outbox_message_id
            WHERE s.sequence_id = ANY($1::uuid[]) AND r.outcome = 'sent'
         ),
         meetings AS (
           SELECT DISTINCT ON (e.id) e.id AS enrollment_id, last_email.step_id
             FROM crm_sequence_enrollments e
             JOIN crm_activities a ON a.type = 'meeting' AND a.created_at >= e.enrolled_at
              AND (a.contact_id = e.contact_id OR a.lead_id = e.lead_id)
             JOIN LATERAL (
               SELECT runs.step_id FROM runs
                WHERE runs.enrollment_id = e.id AND runs.ran_at <= a.created_at
                ORDER BY runs.ran_at DESC LIMIT 1
             ) last_email ON true
            WHERE e.sequence_id = ANY($1::uuid[])
            ORDER BY e.id, a.created_at
         )
         SELECT runs.step_id,
                count(*) FILTER (WHERE runs.status = 'sent') AS sent,
                count(runs.opened_at) AS opened,
                (SELECT count(*) FROM crm_sequence_enrollments e WHERE e.replied_step_id = runs.step_id) AS replied,
                (SELECT count(*) FROM meetings WHERE meetings.step_id = runs.step_id) AS meetings
           FROM runs GROUP BY runs.step_id`,
        [sequenceIds],
      );
    return new Map(
      rows.map((row) => [
        row.step_id,
        {
          sent: Number(row.sent),
          opened: Number(row.opened),
          replied: Number(row.replied),
          meetings: Number(row.meetings),
        },
      ]),
    );
  }

  async enrollments(scope: RowOwner, sequenceId: string): Promise<SequenceEnrollment[]> {
    await this.row(this.dataSource.manager, scope, sequenceId);
    const where = scopeSql(scope, 'e', 2);
    const rows: Array<
      Omit<SequenceEnrollment, 'next_step_at' | 'enrolled_at' | 'exited_at'> &
        Record<'next_step_at' | 'enrolled_at' | 'exited_at', Date | null>
    > = await this.dataSource.query(
      `SELECT e.id, e.sequence_id, e.contact_id, e.lead_id,
              btrim(concat_ws(' ', coalesce(c.first_name, l.first_name), coalesce(c.last_name, l.last_name))) AS name,
              coalesce(c.email, l.email) AS email, e.status, e.source,
              CASE WHEN e.status = 'active' THEN e.next_position END AS next_step,
              CASE WHEN e.status = 'active' THEN e.next_step_at END AS next_step_at,
              e.enrolled_at, e.exited_at
         FROM crm_sequence_enrollments e
         LEFT JOIN crm_contacts c ON c.id = e.contact_id
         LEFT JOIN crm_leads l ON l.id = e.lead_id
        WHERE e.sequence_id = $1 AND ${where.sql}
        ORDER BY e.enrolled_at DESC, e.id
        LIMIT 500`,
      [sequenceId, ...where.params],
    );
    return rows.map((row) => ({
      ...row,
      next_step_at: iso(row.next_step_at),
      enrolled_at: iso(row.enrolled_at) as string,
      exited_at: iso(row.exited_at),
    }));
  }

  /** Enrolls by hand (contacts, leads, or a segment's leads): one transaction, the first steps queued with it. */
  async enrollByHand(
    scope: RowOwner,
    sequenceId: string,
    input: EnrollInSequenceDto,
  ): Promise<SequenceEnrollmentResult> {
    const contactIds = [...new Set(input.contact_ids ?? [])];
    const leadIds = [...new Set(input.lead_ids ?? [])];
    if (!contactIds.length && !leadIds.length && !input.segment_id)
      throw new InvalidInputError('Choose contacts, leads or a segment to enroll', {
        contact_ids: ['Choose contacts, leads or a segment to enroll'],
      });
    const result = await this.dataSource.transaction(async (manager) => {
      if (input.segment_id) {
        await this.segmentLeads(manager, scope, input.segment_id).then((ids) => leadIds.push(...ids));
      }
      return this.enroll(
        manager,
        scope,
        sequenceId,
        { contactIds, leadIds: [...new Set(leadIds)] },
        input.segment_id ? 'segment' : 'manual',
      );
    });
    this.runner.wake();
    return result;
  }

  private async segmentLeads(manager: EntityManager, scope: RowOwner, segmentId: string): Promise<string[]> {
    const where = scopeSql(scope, 'g', 2);
    const [segment]: Array<{ criteria: Parameters<typeof segmentLeadsSql>[0] }> = await manager.query(
      `SELECT g.criteria FROM crm_segments g WHERE g.id = $1 AND ${where.sql}`,
      [segmentId, ...where.params],
    );
    if (!segment) throw new NotFoundError('Segment');
    const leads = segmentLeadsSql(segment.criteria ?? {}, scope, 'l');
    const rows: Array<{ id: string }> = await manager.query(
      `SELECT l.id FROM crm_leads l WHERE ${leads.sql} ORDER BY l.created_at, l.id LIMIT 5000`,
      leads.params,
    );
    return rows.map((row) => row.id);
  }

  /**
   * Enrolls people in the caller's transaction (by hand, or an automation action). A person is in
   * one sequence at a time: enrolled by hand, they leave the other one (`moved`); an automation
   * leaves them where they are. Unsubscribed addresses and people already in this sequence are
   * skipped. The first step of each is queued in the same transaction.
   */
  async enroll(
    manager: EntityManager,
    scope: RowOwner,
    sequenceId: string,
    targets: EnrollmentTargets,
    source: SequenceEnrollmentSource,
  ): Promise<SequenceEnrollmentResult> {
    // Not locked: a step job's update key-shares the sequence's row while holding an enrollment.
    const sequence = await this.row(manager, scope, sequenceId);
    const [{ steps }]: Array<{ steps: string }> = await manager.query(
      'SELECT count(*) AS steps FROM crm_sequence_steps WHERE sequence_id = $1 AND removed_at IS NULL',
      [sequenceId],
    );
    if (Number(steps) === 0) throw new ConflictError('This sequence has no steps');
    const people = [
      ...(await this.targets(manager, scope, 'contact', targets.contactIds ?? [])),
      ...(await this.targets(manager, scope, 'lead', targets.leadIds ?? [])),
    ];
    const result: SequenceEnrollmentResult = { enrolled: 0, moved: 0, skipped: [] };
    const enrolled: string[] = [];
    for (const person of people) {
      const skip = (reason: string) =>
        result.skipped.push({
          contact_id: person.kind === 'contact' ? person.id : null,
          lead_id: person.kind === 'lead' ? person.id : null,
          reason,
        });
      const column = person.kind === 'contact' ? 'contact_id' : 'lead_id';
      const email = person.email?.trim().toLowerCase();
      if (email) {
        const [unsubscribed]: unknown[] = await manager.query(
          `SELECT 1 FROM crm_contacts u WHERE u.unsubscribed_at IS NOT NULL AND lower(u.email) = $1
              AND (u.org_id = $2::uuid OR ($2::uuid IS NULL AND u.org_id IS NULL AND u.owner_id = $3::uuid))`,
          [email, person.org_id, person.owner_id],
        );
        if (unsubscribed) {
          skip('Unsubscribed');
          continue;
        }
      }
      const [current]: Array<{ id: string; sequence_id: string }> = await manager.query(
        // An automation runs inside a change that holds the person's row: it only looks (a step job
        // holding the enrollment may be waiting to write on that person).
        `SELECT id, sequence_id FROM crm_sequence_enrollments WHERE ${column} = $1 AND status = 'active'${source === 'automation' ? '' : ' FOR UPDATE'}`,
        [person.id],
      );
      if (current?.sequence_id === sequenceId) {
        skip('Already in this sequence');
        continue;
      }
      if (current && source === 'automation') {
        skip('In another sequence');
        continue;
      }
      if (current) {
        await manager.query(
          `UPDATE crm_sequence_enrollments SET status = 'moved', exited_at = now() WHERE id = $1`,
          [current.id],
        );
        result.moved += 1;
      }
      const [row]: Array<{ id: string }> = await manager
        .query(
          `INSERT INTO crm_sequence_enrollments (org_id, owner_id, sequence_id, ${column}, enrolled_by, source)
           VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
          [sequence.org_id, sequence.owner_id, sequenceId, person.id, scope.userId, source],
        )
        .catch((error: { code?: string }) => {
          if (error.code === UNIQUE_VIOLATION)
            throw new ConflictError('This person was enrolled in a sequence at the same moment: try again');
          throw error;
        });
      enrolled.push(row.id);
    }
    await this.runner.enqueue(manager, enrolled);
    result.enrolled = enrolled.length;
    return result;
  }

  /**
   * The people named, in scope (an id outside the scope answers 404 like a missing one). Not
   * locked: a step job locks an enrollment and then writes on its person, so locking people here
   * first would deadlock with it; two enrollments of one person at once meet at the unique index.
   */
  private async targets(
    manager: EntityManager,
    scope: RowOwner,
    kind: Target['kind'],
    ids: string[],
  ): Promise<Target[]> {
    if (ids.length === 0) return [];
    const table = kind === 'contact' ? 'crm_contacts' : 'crm_leads';
    const where = scopeSql(scope, 't', 2);
    const rows: Array<Omit<Target, 'kind'>> = await manager.query(
      `SELECT t.id, t.email, t.org_id, t.owner_id FROM ${table} t
        WHERE t.id = ANY($1::uuid[]) AND ${where.sql}`,
      [ids, ...where.params],
    );
    if (rows.length !== ids.length) throw new NotFoundError(kind === 'contact' ? 'Contact' : 'Lead');
    return rows.map((row) => ({ ...row, kind }));
  }

  async unenroll(scope: RowOwner, sequenceId: string, enrollmentId: string): Promise<SequenceEnrollment> {
    await this.dataSource.transaction(async (manager) => {
      await this.row(manager, scope, sequenceId);
      const where = scopeSql(scope, 'e', 3);
      const [found]: Array<{ status: string }> = await manager.query(
        `SELECT e.status FROM crm_sequence_enrollments e
          WHERE e.id = $1 AND e.sequence_id = $2 AND ${where.sql} FOR UPDATE`,
        [enrollmentId, sequenceId, ...where.params],
      );
      if (!found) throw new NotFoundError('Enrollment');
      if (found.status !== 'active') throw new ConflictError('This person has already left the sequence');
      await manager.query(
        `UPDATE crm_sequence_enrollments SET status = 'unenrolled', exited_at = now() WHERE id = $1`,
        [enrollmentId],
      );
    });
    const enrollment = (await this.enrollments(scope, sequenceId)).find((entry) => entry.id === enrollmentId);
    if (!enrollment) throw new NotFoundError('Enrollment');
    return enrollment;
  }

  /**
   * A reply from these people arrived (the mailbox sync calls this once it has stored an inbound
   * message linked to them): each of their active enrollments that began before the reply leaves
   * the sequence as `replied`, and the reply counts for the last e-mail sent before it. Runs in
   * `manager`'s transaction when given (the sync's own). Returns how many enrollments ended.
   */
  async recordReplies(scope: RowOwner, replies: SequenceReplies, manager?: EntityManager): Promise<number> {
    const contactIds = replies.contactIds ?? [];
    const leadIds = replies.leadIds ?? [];
    if (contactIds.length === 0 && leadIds.length === 0) return 0;
    const where = scopeSql(scope, 'e', 4);
    const run = async (m: EntityManager) => {
      const [rows]: [Array<{ id: string }>, number] = await m.query(
        `UPDATE crm_sequence_enrollments e
            SET status = 'replied', exited_at = now(), replied_at = $3,
                replied_step_id = (
                  SELECT r.step_id FROM crm_sequence_step_runs r
                   WHERE r.enrollment_id = e.id AND r.outcome = 'sent' AND r.ran_at <= $3
                   ORDER BY r.ran_at DESC LIMIT 1)
          WHERE e.status = 'active' AND e.enrolled_at <= $3
            AND (e.contact_id = ANY($1::uuid[]) OR e.lead_id = ANY($2::uuid[]))
            AND ${where.sql}
        RETURNING e.id`,
        [contactIds, leadIds, replies.repliedAt, ...where.params],
      );
      return rows.length;
    };
    return manager ? run(manager) : this.dataSource.transaction(run);
  }

  /**
   * An address was unsubscribed in a scope (`org_id`, or the owner's personal rows): everyone with
   * it — contacts and leads — leaves their sequence as `unsubscribed`, in the caller's transaction.
   * The step job checks again before every step, for unsubscribes made any other way.
   */
  async recordUnsubscribe(
    manager: EntityManager,
    scope: { org_id: string | null; owner_id: string },
    email: string,
  ): Promise<number> {
    const [rows]: [unknown[], number] = await manager.query(
      `UPDATE crm_sequence_enrollments e SET status = 'unsubscribed', exited_at = now()
        WHERE e.status = 'active'
          AND (e.org_id = $1::uuid OR ($1::uuid IS NULL AND e.org_id IS NULL AND e.owner_id = $2::uuid))
          AND (e.contact_id IN (SELECT c.id FROM crm_contacts c WHERE lower(c.email) = lower($3) AND c.org_id IS NOT DISTINCT FROM e.org_id)
               OR e.lead_id IN (SELECT l.id FROM crm_leads l WHERE lower(l.email) = lower($3) AND l.org_id IS NOT DISTINCT FROM e.org_id))
        RETURNING e.id`,
      [scope.org_id, scope.owner_id, email],
    );
    return rows.length;
  }

  /** An automation rule's "enroll in sequence" action: the sequence must be in the rule's scope. */
  async enrollFromAutomation(
    manager: EntityManager,
    scope: RowOwner,
    sequenceId: string,
    target: EnrollmentTargets,
  ): Promise<SequenceEnrollmentResult> {
    return this.enroll(manager, scope, sequenceId, target, 'automation');
  }
}
