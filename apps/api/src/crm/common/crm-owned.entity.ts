import { ApiProperty } from '@nestjs/swagger';
import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * Whose row it is: the institution (or none for a person's own rows) and the owner — what the
 * scope rule of common/crm-scope.ts reads. A lead's qualification has just these, keyed by its lead.
 */
export abstract class CrmOwnershipEntity {
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  org_id: string | null;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  owner_id: string;
}

/** The columns every CRM record starts with: its id, and whose row it is. */
export abstract class CrmOwnedEntity extends CrmOwnershipEntity {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;
}

/** Configuration a person names and describes: rules, workflows, segments. */
export abstract class CrmNamedEntity extends CrmOwnedEntity {
  @ApiProperty({ type: String })
  @Column('text')
  name: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  description: string | null;
}

/**
 * An automation rule or a Smart Leads workflow: what the automation engine keeps on each, how
 * often it ran and when it last did (automation/engine/).
 */
export abstract class CrmAutomationEntity extends CrmNamedEntity {
  @ApiProperty({ type: Number })
  @Column('int', { default: 0 })
  execution_count: number;
  @ApiProperty({ type: String, format: 'date-time', nullable: true })
  @Column('timestamptz', { nullable: true })
  last_executed_at: Date | null;
}

/**
 * A person the CRM works with, lead or contact: the columns both share (and that e-mail merge
 * fields read, email/crm-mailer.ts).
 */
export abstract class CrmPersonEntity extends CrmOwnedEntity {
  @ApiProperty({ type: String })
  @Column('text')
  first_name: string;
  @ApiProperty({ type: String })
  @Column('text')
  last_name: string;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  email: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  phone: string | null;
  @ApiProperty({ type: String, nullable: true })
  @Column('text', { nullable: true })
  company: string | null;
}

/**
 * A row that belongs to another CRM row (a contact's custom field, a workflow's execution): it is
 * scoped through its parent, whose org_id and owner_id a trigger copies onto it
 * (common/crm-child-ownership.migration.ts), so the API never writes them.
 */
export abstract class CrmChildEntity {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column({ type: 'uuid', nullable: true, insert: false, update: false })
  org_id: string | null;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column({ type: 'uuid', insert: false, update: false })
  owner_id: string;
}
