import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  type BillingOverview,
  type ChangePlanResult,
  formatCents,
  type InvoiceSummary,
  modulesAllowedByPlan,
  PAYMENTS_NOT_CONFIGURED_MESSAGE,
  type PaymentCardInput,
  type PaymentsStatus,
  type PaymentTestResult,
  type PlanSummary,
} from '@tessera/data-access/contracts';
import { DataSource, type Repository } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { toPlanSummary } from '../administration/administration-rules';
import { ModuleCatalogue } from '../registry/module-catalogue.service';
import { AuditLogService } from '../administration/audit-log.service';
import { ConflictError, DomainError, NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { InvoiceEntity, PaymentMethodEntity } from './invoice.entity';
import { PaymentEntity } from './payment.entity';
import { type ChargeResult, PaymentProvider } from './payment-provider';

/** 402: the payment provider refused; nothing was changed. */
export class PaymentDeclinedError extends DomainError {
  constructor(message: string) {
    super(402, message);
  }
}

/** 503: this server has no payment provider (PAYMENT_PROVIDER); nothing was changed. */
export class PaymentsNotConfiguredError extends DomainError {
  constructor() {
    super(503, `${PAYMENTS_NOT_CONFIGURED_MESSAGE} Your plan has not been changed.`);
  }
}

/** 500: the charge went through, the plan change did not; the charge is refunded or flagged. */
export class PlanChangeFailedError extends DomainError {
  constructor(refunded: boolean) {
    super(
      500,
      refunded
        ? 'The plan could not be changed, so the payment was refunded. Your plan has not been changed. Please try again.'
        : 'The plan could not be changed after the payment went through. The payment will be refunded; your plan has not been changed.',
    );
  }
}

function toInvoice(row: InvoiceEntity): InvoiceSummary {
  return {
    id: row.id,
    number: row.number,
    from_plan_id: row.fromPlanId,
    to_plan_id: row.toPlanId,
    amount_cents: row.amountCents,
    currency: row.currency,
    card_brand: row.cardBrand,
    card_last4: row.cardLast4,
    created_at: row.createdAt.toISOString(),
  };
}

@Injectable()
export class SubscriptionsService {
  private readonly logger = new Logger(SubscriptionsService.name);

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    @InjectRepository(PaymentMethodEntity) private readonly paymentMethods: Repository<PaymentMethodEntity>,
    @InjectRepository(PaymentEntity) private readonly payments: Repository<PaymentEntity>,
    @Inject(PaymentProvider) private readonly provider: PaymentProvider | null,
    private readonly audit: AuditLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly catalogue: ModuleCatalogue,
  ) {}

  async listPlans(): Promise<PlanSummary[]> {
    const plans = await this.plans.find({ order: { sortOrder: 'ASC' } });
    return plans.map((plan) => toPlanSummary(plan, this.catalogue.entries()));
  }

  async billing(institutionId: string): Promise<BillingOverview> {
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    const plan = institution.planId ? await this.plans.findOneBy({ id: institution.planId }) : null;
    const invoices = await this.invoices.find({ where: { institutionId }, order: { createdAt: 'DESC' } });
    const card = await this.paymentMethods.findOneBy({ institutionId });
    return {
      plan: plan ? toPlanSummary(plan, this.catalogue.entries()) : null,
      invoices: invoices.map(toInvoice),
      payment_method: card
        ? { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear }
        : null,
    };
  }

  paymentsStatus(): PaymentsStatus {
    return { configured: this.provider !== null, test_mode: this.config.paymentProvider === 'test' };
  }

  /**
   * Charges the new plan's first month through the payment provider, then — only if approved —
   * changes the plan, disables modules the new plan no longer allows, writes the invoice, keeps
   * the card on file and audits it, in one transaction. A decline changes nothing.
   *
   * Every step is recorded in a payments row keyed by the client's idempotency key: the same key
   * again gets the first answer (one charge however often it is submitted), and a charge whose
   * plan change then fails is refunded, or left as failed_needs_refund for an operator.
   */
  async changePlan(
    scope: TenantScope,
    institutionId: string,
    planId: string,
    card: PaymentCardInput,
    idempotencyKey: string,
  ): Promise<ChangePlanResult> {
    const provider = this.provider;
    if (!provider) throw new PaymentsNotConfiguredError();
    const plan = await this.plans.findOneBy({ id: planId });
    if (!plan) throw new NotFoundError('Plan');
    const earlier = await this.payments.findOneBy({ institutionId, idempotencyKey });
    if (earlier) return this.replay(earlier, planId);
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    if (institution.planId === plan.id)
      throw new ConflictError(`This institution is already on the ${plan.name} plan`);
    const previous = institution.planId ? await this.plans.findOneBy({ id: institution.planId }) : null;

    // Claim the key; a concurrent submit of the same checkout finds the claim and waits its turn.
    const claimed: Array<{ id: string }> = await this.dataSource.query(
      `INSERT INTO payments (institution_id, idempotency_key, plan_id, amount_cents, currency, status, created_by)
       VALUES ($1, $2, $3, $4, 'USD', 'pending', $5)
       ON CONFLICT (institution_id, idempotency_key) DO NOTHING RETURNING id`,
      [institutionId, idempotencyKey, plan.id, plan.priceCents, scope.userId],
    );
    const paymentId = claimed[0]?.id;
    if (!paymentId)
      return this.replay(await this.payments.findOneByOrFail({ institutionId, idempotencyKey }), planId);

    const charge = await provider.charge({
      amountCents: plan.priceCents,
      currency: 'USD',
      card,
      description: `Tessera ${plan.name} plan for ${institution.name}`,
      idempotencyKey: `${institutionId}:${idempotencyKey}`,
    });
    const actor = { id: scope.userId, email: scope.email };
    if (!charge.approved) {
      await this.payments.update({ id: paymentId }, { status: 'declined', error: charge.message });
      await this.audit.record({
        institutionId,
        actor,
        action: 'payment.declined',
        target: `${previous?.id ?? 'none'} → ${plan.id}`,
        details: { reason: charge.code, card: `${charge.brand} •••• ${charge.last4}` },
      });
      throw new PaymentDeclinedError(charge.message);
    }
    // Written on its own before the plan change: if what follows fails, the charge is on record.
    await this.payments.update({ id: paymentId }, { status: 'charged', chargeId: charge.chargeId });

    try {
      return await this.applyPlanChange(scope, institutionId, plan, previous, card, charge, paymentId);
    } catch (error) {
      throw await this.failAfterCharge(provider, institutionId, actor, paymentId, plan, charge, error);
    }
  }

  /** The answer the first request with this key got (or is still getting). */
  private replay(payment: PaymentEntity, planId: string): ChangePlanResult {
    if (payment.planId !== planId) {
      throw new ConflictError(
        'This Idempotency-Key was already used for another plan change: send a new one',
      );
    }
    switch (payment.status) {
      case 'applied':
        if (payment.result) return payment.result;
        break;
      case 'declined':
        throw new PaymentDeclinedError(
          payment.error ?? 'Your card was declined. Your plan has not been changed.',
        );
      case 'refunded':
      case 'failed_needs_refund':
        throw new PlanChangeFailedError(payment.status === 'refunded');
    }
    throw new ConflictError('This payment is still being processed. Check Billing in a moment.');
  }

  private async applyPlanChange(
    scope: TenantScope,
    institutionId: string,
    plan: PlanEntity,
    previous: PlanEntity | null,
    card: PaymentCardInput,
    charge: Extract<ChargeResult, { approved: true }>,
    paymentId: string,
  ): Promise<ChangePlanResult> {
    const actor = { id: scope.userId, email: scope.email };
    const before = new Set(
      modulesAllowedByPlan(
        previous && { categories: previous.categories, includes_premium: previous.includesPremium },
        this.catalogue.entries(),
      ),
    );
    const allowed = modulesAllowedByPlan(
      { categories: plan.categories, includes_premium: plan.includesPremium },
      this.catalogue.entries(),
    );
    return this.dataSource.transaction(async (manager) => {
      const locked = await manager
        .getRepository(InstitutionEntity)
        .createQueryBuilder('institution')
        .setLock('pessimistic_write')
        .where('institution.id = :institutionId', { institutionId })
        .getOne();
      if (!locked) throw new NotFoundError('Institution');
      const kept = locked.modulesIncluded.filter((moduleId) => allowed.includes(moduleId));
      const disabled = locked.modulesIncluded.filter((moduleId) => !allowed.includes(moduleId));
      await manager
        .getRepository(InstitutionEntity)
        .update({ id: institutionId }, { planId: plan.id, modulesIncluded: kept });
      const inserted = await manager.getRepository(InvoiceEntity).save(
        manager.getRepository(InvoiceEntity).create({
          institutionId,
          fromPlanId: locked.planId,
          toPlanId: plan.id,
          amountCents: plan.priceCents,
          currency: 'USD',
          cardBrand: charge.brand,
          cardLast4: charge.last4,
          chargeId: charge.chargeId,
          createdBy: scope.userId,
        }),
      );
      const invoice = await manager.getRepository(InvoiceEntity).findOneByOrFail({ id: inserted.id });
      await manager.getRepository(PaymentMethodEntity).save({
        institutionId,
        brand: charge.brand,
        last4: charge.last4,
        expMonth: card.exp_month,
        expYear: card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year,
        updatedAt: new Date(),
      });
      await this.audit.record(
        {
          institutionId,
          actor,
          action: 'plan.changed',
          target: `${locked.planId ?? 'none'} → ${plan.id}`,
          details: {
            invoice: invoice.number,
            amount: formatCents(plan.priceCents),
            disabled_modules: disabled,
          },
        },
        manager,
      );
      const result: ChangePlanResult = {
        plan: toPlanSummary(plan, this.catalogue.entries()),
        invoice: toInvoice(invoice),
        newly_allowed_modules: allowed.filter((moduleId) => !before.has(moduleId)),
        disabled_modules: disabled,
      };
      await manager
        .getRepository(PaymentEntity)
        .update({ id: paymentId }, { status: 'applied', invoiceId: invoice.id, result });
      return result;
    });
  }

  /** Money was taken but the plan did not change: give it back, and leave a trace either way. */
  private async failAfterCharge(
    provider: PaymentProvider,
    institutionId: string,
    actor: { id: string; email: string },
    paymentId: string,
    plan: PlanEntity,
    charge: Extract<ChargeResult, { approved: true }>,
    cause: unknown,
  ): Promise<Error> {
    const reason = cause instanceof Error ? cause.message : String(cause);
    this.logger.error(`Plan change failed after charge ${charge.chargeId} (payment ${paymentId}): ${reason}`);
    let refunded = false;
    try {
      const refund = await provider.refund(charge.chargeId, plan.priceCents);
      refunded = refund.refunded;
      if (!refund.refunded) this.logger.error(`Refund of ${charge.chargeId} refused: ${refund.message}`);
    } catch (error) {
      this.logger.error(`Refund of ${charge.chargeId} failed: ${(error as Error).message}`);
    }
    try {
      await this.payments.update(
        { id: paymentId },
        { status: refunded ? 'refunded' : 'failed_needs_refund', error: reason.slice(0, 1000) },
      );
      await this.audit.record({
        institutionId,
        actor,
        action: refunded ? 'payment.refunded' : 'payment.refund_needed',
        target: plan.id,
        details: { charge: charge.chargeId, amount: formatCents(plan.priceCents) },
      });
    } catch (error) {
      // The database is what failed: the log above is the record.
      this.logger.error(`Could not record the failed payment ${paymentId}: ${(error as Error).message}`);
    }
    return new PlanChangeFailedError(refunded);
  }

  /** A plain-text invoice for download. */
  async invoiceDocument(
    institutionId: string,
    invoiceId: string,
  ): Promise<{ filename: string; body: string }> {
    const invoice = await this.invoices.findOneBy({ id: invoiceId, institutionId });
    if (!invoice) throw new NotFoundError('Invoice');
    const institution = await this.institutions.findOneByOrFail({ id: institutionId });
    const plans = new Map((await this.plans.find()).map((plan) => [plan.id, plan.name]));
    const toName = plans.get(invoice.toPlanId) ?? invoice.toPlanId;
    const fromName = invoice.fromPlanId ? (plans.get(invoice.fromPlanId) ?? invoice.fromPlanId) : 'No plan';
    const amount = formatCents(invoice.amountCents, invoice.currency);
    const lines = [
      'TESSERA — INVOICE',
      '',
      `Invoice number: ${invoice.number}`,
      `Date:           ${invoice.createdAt.toISOString().slice(0, 10)}`,
      `Billed to:      ${institution.name} (${institution.slug})`,
      '',
      `Plan change:    ${fromName} → ${toName}`,
      `Description:    ${toName} plan, first month`,
      `Amount:         ${amount}`,
      `Paid with:      ${invoice.cardBrand} ending in ${invoice.cardLast4}`,
      `Payment ref.:   ${invoice.chargeId}`,
      '',
      `Total paid:     ${amount}`,
    ];
    return { filename: `${invoice.number}.txt`, body: `${lines.join('\n')}\n` };
  }

  /** Development only (the /payment-test page): runs the provider without changing anything. */
  async paymentTest(card: PaymentCardInput, amountCents: number): Promise<PaymentTestResult> {
    // The page that calls it exists in development builds only, and only tests the test provider.
    if (this.config.nodeEnv === 'production' || !this.provider) throw new NotFoundError('Payment test');
    const result = await this.provider.charge({
      amountCents,
      currency: 'USD',
      card,
      description: 'Tessera payment test',
    });
    return result.approved
      ? {
          approved: true,
          message: `Approved: ${formatCents(amountCents)} charged to ${result.brand} ending in ${result.last4} (test mode, no money moved).`,
          charge_id: result.chargeId,
          brand: result.brand,
          last4: result.last4,
        }
      : {
          approved: false,
          message: result.message,
          charge_id: null,
          brand: result.brand,
          last4: result.last4,
        };
  }
}
