import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A signed-in browser or device: one refresh-token family, with where it came from and when it was used. */
@Entity('auth_sessions')
export class AuthSessionEntity {
  /** The refresh-token family id, also the `sid` of its access tokens. */
  @PrimaryColumn('uuid')
  id: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text', { name: 'user_agent', nullable: true })
  userAgent: string | null;

  @Column('text', { nullable: true })
  ip: string | null;

  @Column('timestamptz', { name: 'created_at' })
  createdAt: Date;

  @Column('timestamptz', { name: 'last_used_at' })
  lastUsedAt: Date;

  @Column('timestamptz', { name: 'expires_at' })
  expiresAt: Date;

  @Column('timestamptz', { name: 'ended_at', nullable: true })
  endedAt: Date | null;
}
