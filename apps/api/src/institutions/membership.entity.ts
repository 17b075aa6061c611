import type { InstitutionRole } from '@tessera/data-access/contracts';
import { Column, Entity, JoinColumn, ManyToOne, PrimaryGeneratedColumn } from 'typeorm';
import { InstitutionEntity } from './institution.entity';

@Entity('institution_members')
export class MembershipEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'institution_id' })
  institutionId: string;

  @Column('uuid', { name: 'user_id' })
  userId: string;

  @Column('text')
  role: InstitutionRole;

  @Column('timestamptz', { name: 'joined_at', default: () => 'now()' })
  joinedAt: Date;

  @ManyToOne(() => InstitutionEntity, { onDelete: 'CASCADE' })
  @JoinColumn({ name: 'institution_id' })
  institution?: InstitutionEntity;
}
