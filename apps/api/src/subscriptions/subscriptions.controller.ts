import { Body, Controller, Get, Headers, HttpCode, Param, ParseUUIDPipe, Post, Res } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import {
  type BillingOverview,
  type ChangePlanResult,
  IDEMPOTENCY_KEY_HEADER,
  type PaymentsStatus,
  type PaymentTestResult,
  type PlanSummary,
} from '@tessera/data-access/contracts';
import type { FastifyReply } from 'fastify';
import { RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { InvalidInputError } from '../common/domain-errors';
import { ChangePlanDto, PaymentTestDto } from './dto/subscription.dto';
import { SubscriptionsService } from './subscriptions.service';
import { ApiOkResponse } from '@nestjs/swagger';
import { ApiFile } from '../common/api-responses';
import { PlanSummaryBody } from '../administration/administration.responses';
import {
  BillingOverviewBody,
  ChangePlanResultBody,
  PaymentsStatusBody,
  PaymentTestResultBody,
} from './subscription.responses';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_:.-]{8,200}$/;

function idempotencyKeyOf(value: string | undefined): string {
  if (!value || !IDEMPOTENCY_KEY.test(value)) {
    throw new InvalidInputError(
      `Send an ${IDEMPOTENCY_KEY_HEADER} header (8 to 200 letters, digits, _ : . or -), new for each checkout, so that a repeated submit is charged once`,
    );
  }
  return value;
}

function institutionOf(scope: TenantScope): string {
  if (!scope.institutionId) throw new InvalidInputError('X-Institution-Id is required');
  return scope.institutionId;
}

/**
 * Plans are for every member to compare; changing the plan and billing are for the institution's
 * owners and admins (403 otherwise).
 */
@ApiTags('subscription')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('subscription')
export class SubscriptionsController {
  constructor(private readonly subscriptions: SubscriptionsService) {}

  @Get('plans')
  @ApiOkResponse({ type: [PlanSummaryBody] })
  @RequireInstitutionRole('owner', 'admin', 'member', 'viewer')
  plans(): Promise<PlanSummary[]> {
    return this.subscriptions.listPlans();
  }

  @Get('billing')
  @ApiOkResponse({ type: BillingOverviewBody })
  @RequireInstitutionRole('owner', 'admin')
  billing(@Scope() scope: TenantScope): Promise<BillingOverview> {
    return this.subscriptions.billing(institutionOf(scope));
  }

  /** Whether plans can be changed here at all (a payment provider is configured). */
  @Get('payments')
  @ApiOkResponse({ type: PaymentsStatusBody })
  @RequireInstitutionRole('owner', 'admin', 'member', 'viewer')
  payments(): PaymentsStatus {
    return this.subscriptions.paymentsStatus();
  }

  @Post('change-plan')
  @ApiOkResponse({ type: ChangePlanResultBody })
  @HttpCode(200)
  @RequireInstitutionRole('owner', 'admin')
  @ApiHeader({ name: IDEMPOTENCY_KEY_HEADER, required: true, description: 'New for each checkout' })
  changePlan(
    @Scope() scope: TenantScope,
    @Body() body: ChangePlanDto,
    @Headers(IDEMPOTENCY_KEY_HEADER.toLowerCase()) idempotencyKey: string | undefined,
  ): Promise<ChangePlanResult> {
    return this.subscriptions.changePlan(
      scope,
      institutionOf(scope),
      body.plan_id,
      body.card,
      idempotencyKeyOf(idempotencyKey),
    );
  }

  @Get('invoices/:invoiceId/download')
  @ApiFile('text/plain', 'The invoice as a text document (an attachment)')
  @RequireInstitutionRole('owner', 'admin')
  async downloadInvoice(
    @Scope() scope: TenantScope,
    @Param('invoiceId', ParseUUIDPipe) invoiceId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const document = await this.subscriptions.invoiceDocument(institutionOf(scope), invoiceId);
    reply.header('Content-Type', 'text/plain; charset=utf-8');
    reply.header('Content-Disposition', `attachment; filename="${document.filename}"`);
    return document.body;
  }

  /** Development only: 404 in production, like the page that calls it. */
  @Post('payment-test')
  @ApiOkResponse({ type: PaymentTestResultBody })
  @HttpCode(200)
  paymentTest(@Body() body: PaymentTestDto): Promise<PaymentTestResult> {
    return this.subscriptions.paymentTest(body.card, body.amount_cents);
  }
}
