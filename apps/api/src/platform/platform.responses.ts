import { ApiProperty } from '@nestjs/swagger';
import type {
  InstitutionStatus,
  PlatformInstitution,
  RemoteKey,
  RemoteVersionSummary,
  RemoteVersionUsage,
  RemoteVersionsOverview,
} from '@tessera/data-access/contracts';

const INSTITUTION_STATUSES: readonly InstitutionStatus[] = ['active', 'suspended'];

export class PlatformInstitutionBody implements PlatformInstitution {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() slug!: string;
  @ApiProperty({ type: String, nullable: true }) plan_id!: string | null;
  @ApiProperty({ type: String, nullable: true }) plan_name!: string | null;
  @ApiProperty({ enum: INSTITUTION_STATUSES }) status!: InstitutionStatus;
  @ApiProperty({ type: [String] }) modules_included!: string[];
  @ApiProperty() member_count!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

class RemoteVersionSummaryBody implements RemoteVersionSummary {
  @ApiProperty({ type: String, description: 'A registered remote key' }) remote!: RemoteKey;
  @ApiProperty() version!: string;
  @ApiProperty({ format: 'date-time' }) published_at!: string;
}

class RemoteVersionUsageBody implements RemoteVersionUsage {
  @ApiProperty({ format: 'uuid' }) institution_id!: string;
  @ApiProperty() institution_name!: string;
  @ApiProperty({ type: String, nullable: true, description: 'Null: follows the latest' }) pinned!:
    | string
    | null;
  @ApiProperty({ description: 'A version, or `workspace` for the unversioned build' }) effective!: string;
}

export class RemoteVersionsOverviewBody implements RemoteVersionsOverview {
  @ApiProperty({ type: String, description: 'A registered remote key' }) remote!: RemoteKey;
  @ApiProperty() name!: string;
  @ApiProperty({ type: String, nullable: true }) latest!: string | null;
  @ApiProperty({ type: [RemoteVersionSummaryBody] }) versions!: RemoteVersionSummaryBody[];
  @ApiProperty({ type: [RemoteVersionUsageBody] }) usage!: RemoteVersionUsageBody[];
}
