import type { InstitutionRole } from '@tessera/data-access/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A pending membership: the invited person gets it when they sign up or sign in. */
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

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
