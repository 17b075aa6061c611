import type { StoredAccessLevel } from '@tessera/data-access/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** An explicit level for one member on one module; without a row the role's default applies. */
@Entity('member_module_access')
export class ModuleAccessEntity {
  @PrimaryColumn('uuid', { name: 'institution_id' })
  institutionId: string;

  @PrimaryColumn('uuid', { name: 'user_id' })
  userId: string;

  @PrimaryColumn('text', { name: 'module_id' })
  moduleId: string;

  @Column('text')
  level: StoredAccessLevel;
}
