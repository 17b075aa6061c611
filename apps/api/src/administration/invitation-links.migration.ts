import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Invitations by e-mailed link (docs/product/invitations.md): the hash of the link's token, its
 * expiry, and what became of the invitation. Accepted and withdrawn invitations stay as history
 * (their link then says why it no longer works), so only one PENDING invitation per address and
 * institution is unique. Invitations made before links existed have no token: a resend gives one.
 */
export class InvitationLinks1733100100000 implements MigrationInterface {
  name = 'InvitationLinks1733100100000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE institution_invitations
        ADD COLUMN token_hash text UNIQUE,
        ADD COLUMN expires_at timestamptz NOT NULL DEFAULT now() + interval '7 days',
        ADD COLUMN sent_at timestamptz NOT NULL DEFAULT now(),
        ADD COLUMN accepted_at timestamptz,
        ADD COLUMN accepted_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN revoked_at timestamptz,
        ADD CONSTRAINT institution_invitations_one_outcome CHECK (accepted_at IS NULL OR revoked_at IS NULL)`);
    await queryRunner.query('ALTER TABLE institution_invitations ALTER COLUMN expires_at DROP DEFAULT');
    await queryRunner.query(
      'ALTER TABLE institution_invitations DROP CONSTRAINT institution_invitations_institution_id_email_key',
    );
    await queryRunner.query(`
      CREATE UNIQUE INDEX institution_invitations_pending_key ON institution_invitations (institution_id, email)
        WHERE accepted_at IS NULL AND revoked_at IS NULL`);
    await queryRunner.query(
      'CREATE INDEX institution_invitations_list_idx ON institution_invitations (institution_id, created_at DESC)',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      'DELETE FROM institution_invitations WHERE accepted_at IS NOT NULL OR revoked_at IS NOT NULL',
    );
    await queryRunner.query('DROP INDEX institution_invitations_list_idx');
    await queryRunner.query('DROP INDEX institution_invitations_pending_key');
    await queryRunner.query(`
      ALTER TABLE institution_invitations
        ADD CONSTRAINT institution_invitations_institution_id_email_key UNIQUE (institution_id, email),
        DROP CONSTRAINT institution_invitations_one_outcome,
        DROP COLUMN token_hash,
        DROP COLUMN expires_at,
        DROP COLUMN sent_at,
        DROP COLUMN accepted_at,
        DROP COLUMN accepted_by,
        DROP COLUMN revoked_at`);
  }
}
