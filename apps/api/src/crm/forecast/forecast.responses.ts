import { ApiProperty } from '@nestjs/swagger';
import {
  DEAL_STAGES,
  type DealStage,
  FORECAST_CATEGORIES,
  type ForecastCategory,
  type ForecastCategoryFigures,
  type ForecastDeal,
  type ForecastFigures,
  type ForecastMonthFigures,
  type ForecastMonthOutcome,
  type ForecastOwnerRow,
  type ForecastTeamRow,
  type SalesForecast,
} from '@tessera/data-access/contracts';

/* The forecast's answer as the OpenAPI document states it (the shapes of the contracts). */

export class ForecastFiguresBody implements ForecastFigures {
  @ApiProperty() count!: number;
  @ApiProperty() amount!: number;
  @ApiProperty() weighted!: number;
}

export class ForecastCategoryFiguresBody implements ForecastCategoryFigures {
  @ApiProperty({ type: ForecastFiguresBody }) pipeline!: ForecastFiguresBody;
  @ApiProperty({ type: ForecastFiguresBody }) best_case!: ForecastFiguresBody;
  @ApiProperty({ type: ForecastFiguresBody }) commit!: ForecastFiguresBody;
  @ApiProperty({ type: ForecastFiguresBody }) closed!: ForecastFiguresBody;
}

export class ForecastMonthFiguresBody implements ForecastMonthFigures {
  @ApiProperty({ example: '2026-11' }) month!: string;
  @ApiProperty({ type: ForecastCategoryFiguresBody }) categories!: ForecastCategoryFiguresBody;
}

export class ForecastOwnerRowBody implements ForecastOwnerRow {
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty() owner_name!: string;
  @ApiProperty({ type: [ForecastMonthFiguresBody] }) months!: ForecastMonthFiguresBody[];
  @ApiProperty({ type: ForecastCategoryFiguresBody }) total!: ForecastCategoryFiguresBody;
}

export class ForecastTeamRowBody implements ForecastTeamRow {
  @ApiProperty({ type: String, format: 'uuid', nullable: true }) team_id!: string | null;
  @ApiProperty() team_name!: string;
  @ApiProperty() owners!: number;
  @ApiProperty({ type: [ForecastMonthFiguresBody] }) months!: ForecastMonthFiguresBody[];
  @ApiProperty({ type: ForecastCategoryFiguresBody }) total!: ForecastCategoryFiguresBody;
}

export class ForecastTotalsBody {
  @ApiProperty({ type: [ForecastMonthFiguresBody] }) months!: ForecastMonthFiguresBody[];
  @ApiProperty({ type: ForecastCategoryFiguresBody }) total!: ForecastCategoryFiguresBody;
}

export class ForecastAtStartBody extends ForecastCategoryFiguresBody {
  @ApiProperty({ format: 'date-time' }) taken_at!: string;
}

export class ClosedWonBody {
  @ApiProperty() count!: number;
  @ApiProperty() amount!: number;
}

export class ForecastMonthOutcomeBody implements ForecastMonthOutcome {
  @ApiProperty({ example: '2026-10' }) month!: string;
  @ApiProperty({ type: ForecastAtStartBody, nullable: true }) forecast_at_start!: ForecastAtStartBody | null;
  @ApiProperty({ type: ClosedWonBody }) closed_won!: ClosedWonBody;
}

export class ForecastDealBody implements ForecastDeal {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ format: 'uuid' }) owner_id!: string;
  @ApiProperty() month!: string;
  @ApiProperty({ enum: DEAL_STAGES }) stage!: DealStage;
  @ApiProperty({ enum: FORECAST_CATEGORIES }) category!: ForecastCategory;
  @ApiProperty() amount!: number;
  @ApiProperty() probability!: number;
  @ApiProperty() weighted!: number;
}

export class SalesForecastBody implements SalesForecast {
  @ApiProperty({ example: '2026-11' }) from!: string;
  @ApiProperty({ example: '2027-01' }) to!: string;
  @ApiProperty({ type: [String] }) months!: string[];
  @ApiProperty() current_month!: string;
  @ApiProperty({ type: [ForecastOwnerRowBody] }) owners!: ForecastOwnerRowBody[];
  @ApiProperty({ type: ForecastTotalsBody }) totals!: ForecastTotalsBody;
  @ApiProperty({ type: [ForecastTeamRowBody], nullable: true }) teams!: ForecastTeamRowBody[] | null;
  @ApiProperty({ type: [ForecastMonthOutcomeBody] }) past!: ForecastMonthOutcomeBody[];
  @ApiProperty({ type: [ForecastDealBody] }) deals!: ForecastDealBody[];
}
