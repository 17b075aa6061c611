import { ApiProperty, ApiPropertyOptional, PartialType } from '@nestjs/swagger';
import {
  type CreateScoringRuleInput,
  SCORING_RULE_CRITERIA,
  type ScoringRuleCriterion,
} from '@tessera/data-access/contracts';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateIf,
} from 'class-validator';
import { MayBeOmitted } from '../../common/may-be-omitted';
import { RequiredText } from '../../common/required-text';

export class CreateScoringRuleDto implements CreateScoringRuleInput {
  @RequiredText(120)
  name: string;

  @ApiPropertyOptional() @IsOptional() @IsString() @MaxLength(2000) description?: string;
  @ApiPropertyOptional({ description: 'Condition text shown on the rule card' })
  @MayBeOmitted()
  @IsString()
  @MaxLength(500)
  condition?: string;

  @ApiPropertyOptional({
    enum: SCORING_RULE_CRITERIA,
    nullable: true,
    description: 'What the local score checks',
  })
  @IsOptional()
  @ValidateIf((_, value) => value !== null)
  @IsIn(SCORING_RULE_CRITERIA)
  criterion?: ScoringRuleCriterion | null;

  @ApiProperty({ minimum: 0, maximum: 100 })
  @IsInt()
  @Min(0)
  @Max(100)
  points: number;

  @ApiPropertyOptional({ default: true }) @MayBeOmitted() @IsBoolean() active?: boolean;
}

export class UpdateScoringRuleDto extends PartialType(CreateScoringRuleDto, { skipNullProperties: false }) {}

export class SetActiveDto {
  @ApiProperty() @IsBoolean() active: boolean;
}
