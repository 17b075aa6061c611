import type { MigrationInterface, QueryRunner } from 'typeorm';

/* Password reset links (docs/product/password-reset.md): only the token's hash is kept. */
export class PasswordResetTokens1733100000000 implements MigrationInterface {
  name = 'PasswordResetTokens1733100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE password_reset_tokens (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash text NOT NULL UNIQUE,
        -- The request (job) that made the link: a job that runs again after a crash makes no second one.
        request_key text NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(
      'CREATE INDEX password_reset_tokens_open_idx ON password_reset_tokens (user_id) WHERE used_at IS NULL',
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query('DROP TABLE password_reset_tokens');
  }
}
