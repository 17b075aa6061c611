import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('feature_flags')
export class FeatureFlagEntity {
  @PrimaryColumn('uuid', { name: 'institution_id' })
  institutionId: string;

  @PrimaryColumn('text')
  key: string;

  @Column('boolean')
  enabled: boolean;
}
