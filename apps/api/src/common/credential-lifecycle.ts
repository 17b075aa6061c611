import { ApiProperty } from '@nestjs/swagger';
import type { CredentialLifecycle } from '@tessera/data-access/contracts';
import { isoOrNull } from './sql-rows';

/** A credential's row as PostgreSQL answers it: the maker's e-mail already joined in. */
export interface CredentialLifecycleRow {
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

/** The life of an API key or a deploy token as the contracts spell it. */
export function credentialLifecycle(row: CredentialLifecycleRow): CredentialLifecycle {
  return {
    created_by: row.created_by,
    created_at: new Date(row.created_at).toISOString(),
    last_used_at: isoOrNull(row.last_used_at),
    revoked_at: isoOrNull(row.revoked_at),
  };
}

/** The OpenAPI half of every credential summary (API keys, deploy tokens). */
export abstract class CredentialLifecycleBody implements CredentialLifecycle {
  @ApiProperty({ type: String, nullable: true, description: 'E-mail of the person who made it' })
  created_by!: string | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) last_used_at!: string | null;
  @ApiProperty({ type: String, format: 'date-time', nullable: true }) revoked_at!: string | null;
}
