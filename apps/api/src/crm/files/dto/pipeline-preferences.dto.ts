import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  cardOrderProblem,
  DEAL_STAGES,
  type DealStage,
  PIPELINE_CARD_ORDER_MAX,
  type PipelineCardOrder,
  type PipelinePreferences,
  type PipelinePreferencesInput,
} from '@tessera/data-access/contracts';
import { ArrayMaxSize, ArrayUnique, IsArray, IsIn, IsOptional, ValidateBy } from 'class-validator';

const CARD_ORDER_DESCRIPTION = `Per stage (${DEAL_STAGES.join(', ')}), deal ids in the user's order (at most ${PIPELINE_CARD_ORDER_MAX} per stage)`;

export class PipelinePreferencesDto implements PipelinePreferencesInput {
  @ApiProperty({
    enum: DEAL_STAGES,
    isArray: true,
    required: false,
    description: 'Pipeline columns the user has hidden',
  })
  @IsOptional()
  @IsArray()
  @ArrayUnique()
  @ArrayMaxSize(DEAL_STAGES.length)
  @IsIn(DEAL_STAGES, { each: true })
  hidden_stages?: DealStage[];

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string', format: 'uuid' } },
    description: CARD_ORDER_DESCRIPTION,
  })
  @IsOptional()
  @ValidateBy({
    name: 'cardOrder',
    validator: {
      validate: (value: unknown) => cardOrderProblem(value, DEAL_STAGES) === null,
      defaultMessage: (args) => cardOrderProblem(args?.value, DEAL_STAGES) ?? 'card_order is invalid',
    },
  })
  card_order?: PipelineCardOrder;
}

export class PipelinePreferencesResponse implements PipelinePreferences {
  @ApiProperty({ enum: DEAL_STAGES, isArray: true })
  hidden_stages!: DealStage[];

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'array', items: { type: 'string', format: 'uuid' } },
    description: CARD_ORDER_DESCRIPTION,
  })
  card_order!: PipelineCardOrder;
}
