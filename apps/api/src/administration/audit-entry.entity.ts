import type { AuditAction } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity('audit_log')
export class AuditEntryEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'institution_id', nullable: true })
  institutionId: string | null;

  @Column('uuid', { name: 'actor_id', nullable: true })
  actorId: string | null;

  @Column('text', { name: 'actor_email', nullable: true })
  actorEmail: string | null;

  @Column('text')
  action: AuditAction;

  @Column('text')
  target: string;

  @Column('jsonb')
  details: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
