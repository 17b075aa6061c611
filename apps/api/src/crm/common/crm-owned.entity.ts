import { ApiProperty } from '@nestjs/swagger';
import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns every CRM record starts with: its id, and whose row it is (the institution, or
 * none for a person's own rows, and the owner) — what the scope rule of common/crm-scope.ts reads.
 */
export abstract class CrmOwnedEntity {
  @ApiProperty({ type: String, format: 'uuid' })
  @PrimaryGeneratedColumn('uuid')
  id: string;
  @ApiProperty({ type: String, format: 'uuid', nullable: true })
  @Column('uuid', { nullable: true })
  org_id: string | null;
  @ApiProperty({ type: String, format: 'uuid' })
  @Column('uuid')
  owner_id: string;
}
