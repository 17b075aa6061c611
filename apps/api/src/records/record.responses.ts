import { ApiProperty } from '@nestjs/swagger';
import {
  type InsightChartValue,
  type InsightKpiValue,
  JOB_STATUSES,
  type JobStatus,
  type ModuleInsights,
  type RecordImportRowError,
  type RecordImportStatus,
  type RecordItem,
  type RecordPage,
  type RecordValues,
} from '@tessera/data-access/contracts';

/** A stored field value: text, number, yes/no or empty. */
const RECORD_VALUE = {
  nullable: true,
  oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }],
};

export class RecordItemBody implements RecordItem {
  @ApiProperty({ format: 'uuid' }) id!: string;

  @ApiProperty({
    type: 'object',
    additionalProperties: RECORD_VALUE,
    description: "The record's field values by field key",
  })
  data!: RecordValues;

  @ApiProperty() title!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class RecordPageBody implements RecordPage {
  @ApiProperty({ type: [RecordItemBody] }) rows!: RecordItemBody[];
  @ApiProperty() total!: number;
  @ApiProperty() limit!: number;
  @ApiProperty() offset!: number;

  @ApiProperty({
    type: 'object',
    additionalProperties: { type: 'string' },
    description: 'Referenced record id → its title, for every reference value on this page',
  })
  labels!: Record<string, string>;
}

class RecordImportRowErrorBody implements RecordImportRowError {
  @ApiProperty({ description: 'The row as a spreadsheet numbers it (the header is row 1)' }) row!: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) errors!: Record<string, string>;
}

export class RecordImportStatusBody implements RecordImportStatus {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ enum: JOB_STATUSES }) status!: JobStatus;
  @ApiProperty({ type: String, nullable: true }) failure!: string | null;
  @ApiProperty() total_rows!: number;
  @ApiProperty() processed_rows!: number;
  @ApiProperty() created_count!: number;
  @ApiProperty() error_count!: number;
  @ApiProperty({ type: [RecordImportRowErrorBody] }) errors!: RecordImportRowErrorBody[];
}

class InsightKpiBody implements InsightKpiValue {
  @ApiProperty() label!: string;
  @ApiProperty({ enum: ['count', 'countWhere', 'sum', 'nextDate'] }) kind!: InsightKpiValue['kind'];
  @ApiProperty({ nullable: true, oneOf: [{ type: 'number' }, { type: 'string' }] })
  value!: number | string | null;
  @ApiProperty({ enum: ['number', 'money', 'date'] }) format!: InsightKpiValue['format'];
  @ApiProperty() source!: string;
}

class InsightPointBody {
  @ApiProperty() key!: string;
  @ApiProperty() label!: string;
  @ApiProperty() value!: number;
}

class InsightChartBody implements InsightChartValue {
  @ApiProperty() title!: string;
  @ApiProperty({ enum: ['countBy', 'sumBy', 'countByMonth'] }) kind!: InsightChartValue['kind'];
  @ApiProperty({ enum: ['number', 'money'] }) format!: InsightChartValue['format'];
  @ApiProperty() source!: string;
  @ApiProperty({ type: [InsightPointBody] }) points!: InsightPointBody[];
}

export class ModuleInsightsBody implements ModuleInsights {
  @ApiProperty() moduleId!: string;
  @ApiProperty() submoduleId!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ type: [InsightKpiBody] }) kpis!: InsightKpiBody[];
  @ApiProperty({ type: [InsightChartBody] }) charts!: InsightChartBody[];
}
