import { ApiProperty } from '@nestjs/swagger';
import { DEAL_STAGES, type DealStage, type PipelinePreferences } from '@tessera/data-access/contracts';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn } from 'class-validator';

export class PipelinePreferencesDto implements PipelinePreferences {
  @ApiProperty({ enum: DEAL_STAGES, isArray: true, description: 'Pipeline columns the user has hidden' })
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(DEAL_STAGES.length)
  @IsIn(DEAL_STAGES, { each: true })
  hidden_stages: DealStage[];
}
