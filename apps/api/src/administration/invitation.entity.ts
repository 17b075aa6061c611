import type { InstitutionRole } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A membership offered by e-mailed link (docs/product/invitations.md). Pending until its link is
 * used (accepted) or an administrator withdraws it (revoked); both outcomes are kept as history.
 */
@Entity('institution_invitations')
export class InvitationEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'institution_id' })
  institutionId: string;

  @Column('text')
  email: string;

  @Column('text')
  role: InstitutionRole;

  @Column('uuid', { name: 'invited_by', nullable: true })
  invitedBy: string | null;

  /** SHA-256 of the latest link's token; null for invitations made before links existed. */
  @Column('text', { name: 'token_hash', nullable: true, select: false })
  tokenHash: string | null;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'sent_at' })
  sentAt: Date;

  @Column('timestamptz', { name: 'accepted_at', nullable: true })
  acceptedAt: Date | null;

  @Column('uuid', { name: 'accepted_by', nullable: true })
  acceptedBy: string | null;

  @Column('timestamptz', { name: 'revoked_at', nullable: true })
  revokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
