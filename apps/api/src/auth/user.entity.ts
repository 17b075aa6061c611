import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('users')
export class UserEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  email: string;

  @Column('text', { name: 'password_hash', nullable: true, select: false })
  passwordHash: string | null;

  @Column('text', { name: 'first_name', nullable: true })
  firstName: string | null;

  @Column('text', { name: 'last_name', nullable: true })
  lastName: string | null;

  @Column('text', { name: 'avatar_url', nullable: true })
  avatarUrl: string | null;

  /** Set by a password change: refresh tokens issued before it are refused. */
  @Column('timestamptz', { name: 'sessions_revoked_at', nullable: true, select: false })
  sessionsRevokedAt: Date | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
