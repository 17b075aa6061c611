import type { MigrationInterface, QueryRunner } from 'typeorm';
import { enableTenantRowSecurity } from '../../access/row-level-security';

const list = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');
const STEP_TYPES = ['email', 'task', 'wait'];
const STATUSES = ['active', 'finished', 'replied', 'unsubscribed', 'bounced', 'moved', 'unenrolled'];
const SOURCES = ['manual', 'segment', 'automation'];

/*
 * Sequences (docs/product/sequences.md). Every child row carries the sequence's org_id and owner_id,
 * written by the service, so row-level security reads them like any CRM row. A step run is unique
 * per enrollment and step: it is inserted in the transaction that queues the step's message, which
 * is what makes a step happen at most once, whatever the queue redelivers.
 */
export class Sequences1733840000000 implements MigrationInterface {
  name = 'Sequences1733840000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE crm_sequences (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 120),
        description text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX crm_sequences_org_idx ON crm_sequences (org_id, created_at DESC)');
    await q.query(
      'CREATE INDEX crm_sequences_personal_idx ON crm_sequences (owner_id, created_at DESC) WHERE org_id IS NULL',
    );

    await q.query(`
      CREATE TABLE crm_sequence_steps (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        sequence_id uuid NOT NULL REFERENCES crm_sequences(id) ON DELETE CASCADE,
        position integer NOT NULL CHECK (position >= 1),
        type text NOT NULL CHECK (type IN (${list(STEP_TYPES)})),
        subject text,
        body text,
        days integer CHECK (days BETWEEN 1 AND 90),
        business_days boolean NOT NULL DEFAULT false,
        -- Steps replaced in the builder stay (their runs keep their figures) but no longer run.
        removed_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      'CREATE UNIQUE INDEX crm_sequence_steps_position_key ON crm_sequence_steps (sequence_id, position) WHERE removed_at IS NULL',
    );

    await q.query(`
      CREATE TABLE crm_sequence_enrollments (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        sequence_id uuid NOT NULL REFERENCES crm_sequences(id) ON DELETE CASCADE,
        contact_id uuid REFERENCES crm_contacts(id) ON DELETE CASCADE,
        lead_id uuid REFERENCES crm_leads(id) ON DELETE CASCADE,
        enrolled_by uuid NOT NULL REFERENCES users(id),
        source text NOT NULL CHECK (source IN (${list(SOURCES)})),
        status text NOT NULL DEFAULT 'active' CHECK (status IN (${list(STATUSES)})),
        next_position integer NOT NULL DEFAULT 1,
        next_step_at timestamptz NOT NULL DEFAULT now(),
        enrolled_at timestamptz NOT NULL DEFAULT now(),
        exited_at timestamptz,
        replied_at timestamptz,
        replied_step_id uuid REFERENCES crm_sequence_steps(id) ON DELETE SET NULL,
        -- When this enrollment's step was last handed to the queue, and for which due time: the
        -- sweep hands it again when the due time has changed since (sequence-runner.service.ts).
        swept_at timestamptz,
        queued_for timestamptz,
        CHECK ((contact_id IS NULL) <> (lead_id IS NULL)),
        CHECK ((status = 'active') = (exited_at IS NULL))
      )`);
    // A person is in one sequence at a time: enrolling them elsewhere by hand moves them.
    await q.query(
      `CREATE UNIQUE INDEX crm_sequence_enrollments_contact_key ON crm_sequence_enrollments (contact_id) WHERE status = 'active' AND contact_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX crm_sequence_enrollments_lead_key ON crm_sequence_enrollments (lead_id) WHERE status = 'active' AND lead_id IS NOT NULL`,
    );
    await q.query(
      'CREATE INDEX crm_sequence_enrollments_sequence_idx ON crm_sequence_enrollments (sequence_id, enrolled_at DESC)',
    );
    // The sweep's question: which active enrollments are due?
    await q.query(
      `CREATE INDEX crm_sequence_enrollments_due_idx ON crm_sequence_enrollments (next_step_at) WHERE status = 'active'`,
    );

    await q.query(`
      CREATE TABLE crm_sequence_step_runs (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        org_id uuid REFERENCES institutions(id) ON DELETE CASCADE,
        owner_id uuid NOT NULL REFERENCES users(id),
        enrollment_id uuid NOT NULL REFERENCES crm_sequence_enrollments(id) ON DELETE CASCADE,
        step_id uuid NOT NULL REFERENCES crm_sequence_steps(id) ON DELETE CASCADE,
        outcome text NOT NULL CHECK (outcome IN ('sent', 'task', 'waited', 'skipped')),
        outbox_message_id uuid REFERENCES mail_outbox(id) ON DELETE SET NULL,
        activity_id uuid REFERENCES crm_activities(id) ON DELETE SET NULL,
        note text,
        ran_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (enrollment_id, step_id)
      )`);
    await q.query('CREATE INDEX crm_sequence_step_runs_step_idx ON crm_sequence_step_runs (step_id)');

    // Sends per sender and day, for SEQUENCE_DAILY_LIMIT: one counter row, raised under its lock.
    await q.query(`
      CREATE TABLE crm_sequence_daily_sends (
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        day date NOT NULL,
        sent integer NOT NULL DEFAULT 0 CHECK (sent >= 0),
        PRIMARY KEY (user_id, day)
      )`);

    for (const table of [
      'crm_sequences',
      'crm_sequence_steps',
      'crm_sequence_enrollments',
      'crm_sequence_step_runs',
    ])
      await enableTenantRowSecurity(q, table, { kind: 'org', owner: 'owner_id' });
    await enableTenantRowSecurity(q, 'crm_sequence_daily_sends', { kind: 'user' });
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS crm_sequence_daily_sends');
    await q.query('DROP TABLE IF EXISTS crm_sequence_step_runs');
    await q.query('DROP TABLE IF EXISTS crm_sequence_enrollments');
    await q.query('DROP TABLE IF EXISTS crm_sequence_steps');
    await q.query('DROP TABLE IF EXISTS crm_sequences');
  }
}
