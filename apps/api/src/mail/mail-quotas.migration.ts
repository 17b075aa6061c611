import type { MigrationInterface, QueryRunner } from 'typeorm';
import { APP_ROLE } from '../access/tenant-connection';

/*
 * Counts of recent messages for the mail quotas (docs/security.md, "Mail to other people's
 * addresses"). A limit per recipient must count every institution's messages to that address, which
 * row-level security hides from a request of one institution: this function sees them all but
 * answers only a count and when the oldest counted message leaves the window, never a row.
 */
export class MailQuotas1733610000000 implements MigrationInterface {
  name = 'MailQuotas1733610000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE INDEX mail_outbox_recipient_idx ON mail_outbox (recipient, created_at DESC)');
    await q.query('CREATE INDEX mail_outbox_sender_idx ON mail_outbox (created_by, created_at DESC)');
    await q.query(`
      CREATE FUNCTION mail_sent_recently(
        p_kinds text[], p_seconds integer, p_recipient text, p_org_id uuid, p_created_by uuid
      ) RETURNS TABLE (sent integer, retry_after_seconds integer)
      LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
        SELECT count(*)::integer,
               COALESCE(ceil(EXTRACT(EPOCH FROM (min(created_at) + make_interval(secs => p_seconds) - now())))::integer, 0)
          FROM mail_outbox
         WHERE kind = ANY (p_kinds)
           AND created_at > now() - make_interval(secs => p_seconds)
           AND (p_recipient IS NULL OR recipient = p_recipient)
           AND (p_org_id IS NULL OR org_id = p_org_id)
           AND (p_created_by IS NULL OR created_by = p_created_by)
      $$`);
    await q.query('REVOKE ALL ON FUNCTION mail_sent_recently(text[], integer, text, uuid, uuid) FROM PUBLIC');
    await q.query(
      `GRANT EXECUTE ON FUNCTION mail_sent_recently(text[], integer, text, uuid, uuid) TO ${APP_ROLE}`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP FUNCTION mail_sent_recently(text[], integer, text, uuid, uuid)');
    await q.query('DROP INDEX mail_outbox_sender_idx');
    await q.query('DROP INDEX mail_outbox_recipient_idx');
  }
}
