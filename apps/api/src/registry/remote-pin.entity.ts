import type { RemoteKey } from '@tessera/data-access/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A canary: this institution's shell loads this version of the remote instead of the latest. */
@Entity('institution_remote_pins')
export class RemotePinEntity {
  @PrimaryColumn('uuid', { name: 'institution_id' })
  institutionId: string;

  @PrimaryColumn('text', { name: 'remote_key' })
  remoteKey: RemoteKey;

  @Column('text')
  version: string;

  @Column('uuid', { name: 'pinned_by', nullable: true })
  pinnedBy: string | null;

  @Column('timestamptz', { name: 'pinned_at', default: () => 'now()' })
  pinnedAt: Date;
}
