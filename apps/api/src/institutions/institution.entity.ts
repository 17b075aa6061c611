import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity('institutions')
export class InstitutionEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('text')
  name: string;

  @Column('text')
  slug: string;

  @Column('text', { name: 'plan_id', nullable: true })
  planId: string | null;

  @Column('text')
  status: 'active' | 'suspended';

  @Column('text', { name: 'modules_included', array: true })
  modulesIncluded: string[];

  /** Members without two-factor sign-in are refused its modules until they turn it on. */
  @Column('boolean', { name: 'require_two_factor', default: false })
  requireTwoFactor: boolean;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt: Date;
}
