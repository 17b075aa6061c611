import { Column, PrimaryGeneratedColumn } from 'typeorm';

/**
 * The columns a row of a module's submodule starts with — a record, or an import into one: its id,
 * whose row it is (the institution, or none for a person's own rows, and the owner) and where it
 * lives (module and submodule).
 */
export abstract class ModuleRowEntity {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column('uuid', { name: 'org_id', nullable: true })
  orgId: string | null;

  @Column('uuid', { name: 'owner_id' })
  ownerId: string;

  @Column('text', { name: 'module_id' })
  moduleId: string;

  @Column('text', { name: 'submodule_id' })
  submoduleId: string;
}
