import { ApiProperty } from '@nestjs/swagger';
import type {
  BillingOverview,
  ChangePlanResult,
  InvoiceSummary,
  PaymentMethodSummary,
  PaymentsStatus,
  PaymentTestResult,
} from '@tessera/data-access/contracts';
import { PlanSummaryBody } from '../administration/administration.responses';

class InvoiceSummaryBody implements InvoiceSummary {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() number!: string;
  @ApiProperty({ type: String, nullable: true }) from_plan_id!: string | null;
  @ApiProperty() to_plan_id!: string;
  @ApiProperty() amount_cents!: number;
  @ApiProperty() currency!: string;
  @ApiProperty() card_brand!: string;
  @ApiProperty() card_last4!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

class PaymentMethodSummaryBody implements PaymentMethodSummary {
  @ApiProperty() brand!: string;
  @ApiProperty() last4!: string;
  @ApiProperty() exp_month!: number;
  @ApiProperty() exp_year!: number;
}

export class BillingOverviewBody implements BillingOverview {
  @ApiProperty({ type: PlanSummaryBody, nullable: true }) plan!: PlanSummaryBody | null;
  @ApiProperty({ type: [InvoiceSummaryBody] }) invoices!: InvoiceSummaryBody[];
  @ApiProperty({ type: PaymentMethodSummaryBody, nullable: true })
  payment_method!: PaymentMethodSummaryBody | null;
}

export class PaymentsStatusBody implements PaymentsStatus {
  @ApiProperty() configured!: boolean;
  @ApiProperty({ description: 'The built-in test provider: no money moves' }) test_mode!: boolean;
}

export class ChangePlanResultBody implements ChangePlanResult {
  @ApiProperty({ type: PlanSummaryBody }) plan!: PlanSummaryBody;
  @ApiProperty({ type: InvoiceSummaryBody }) invoice!: InvoiceSummaryBody;
  @ApiProperty({ type: [String] }) newly_allowed_modules!: string[];
  @ApiProperty({ type: [String] }) disabled_modules!: string[];
}

export class PaymentTestResultBody implements PaymentTestResult {
  @ApiProperty() approved!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: String, nullable: true }) charge_id!: string | null;
  @ApiProperty() brand!: string;
  @ApiProperty() last4!: string;
}
