import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
import {
  type BillingOverview,
  type ChangePlanResult,
  formatCents,
  type InvoiceSummary,
  modulesAllowedByPlan,
  type PaymentCardInput,
  type PaymentTestResult,
  type PlanSummary,
} from '@tessera/data-access/contracts';
import { DataSource, type Repository } from 'typeorm';
import type { TenantScope } from '../access/tenant-scope';
import { toPlanSummary } from '../administration/administration.service';
import { AuditLogService } from '../administration/audit-log.service';
import { ConflictError, DomainError, NotFoundError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { InvoiceEntity, PaymentMethodEntity } from './invoice.entity';
import { PaymentProvider } from './payment-provider';

/** 402: the payment provider refused; nothing was changed. */
export class PaymentDeclinedError extends DomainError {
  constructor(message: string) {
    super(402, message);
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
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @InjectRepository(PlanEntity) private readonly plans: Repository<PlanEntity>,
    @InjectRepository(InstitutionEntity) private readonly institutions: Repository<InstitutionEntity>,
    @InjectRepository(InvoiceEntity) private readonly invoices: Repository<InvoiceEntity>,
    @InjectRepository(PaymentMethodEntity) private readonly paymentMethods: Repository<PaymentMethodEntity>,
    private readonly provider: PaymentProvider,
    private readonly audit: AuditLogService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async listPlans(): Promise<PlanSummary[]> {
    const plans = await this.plans.find({ order: { sortOrder: 'ASC' } });
    return plans.map(toPlanSummary);
  }

  async billing(institutionId: string): Promise<BillingOverview> {
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    const plan = institution.planId ? await this.plans.findOneBy({ id: institution.planId }) : null;
    const invoices = await this.invoices.find({ where: { institutionId }, order: { createdAt: 'DESC' } });
    const card = await this.paymentMethods.findOneBy({ institutionId });
    return {
      plan: plan ? toPlanSummary(plan) : null,
      invoices: invoices.map(toInvoice),
      payment_method: card
        ? { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear }
        : null,
    };
  }

  /**
   * Charges the new plan's first month through the payment provider, then — only if approved —
   * changes the plan, disables modules the new plan no longer allows, writes the invoice, keeps
   * the card on file and audits it, in one transaction. A decline changes nothing.
   */
  async changePlan(
    scope: TenantScope,
    institutionId: string,
    planId: string,
    card: PaymentCardInput,
  ): Promise<ChangePlanResult> {
    const plan = await this.plans.findOneBy({ id: planId });
    if (!plan) throw new NotFoundError('Plan');
    const institution = await this.institutions.findOneBy({ id: institutionId });
    if (!institution) throw new NotFoundError('Institution');
    if (institution.planId === plan.id)
      throw new ConflictError(`This institution is already on the ${plan.name} plan`);
    const previous = institution.planId ? await this.plans.findOneBy({ id: institution.planId }) : null;

    const charge = await this.provider.charge({
      amountCents: plan.priceCents,
      currency: 'USD',
      card,
      description: `Tessera ${plan.name} plan for ${institution.name}`,
    });
    const actor = { id: scope.userId, email: scope.email };
    if (!charge.approved) {
      await this.audit.record({
        institutionId,
        actor,
        action: 'payment.declined',
        target: `${previous?.id ?? 'none'} → ${plan.id}`,
        details: { reason: charge.code, card: `${charge.brand} •••• ${charge.last4}` },
      });
      throw new PaymentDeclinedError(charge.message);
    }

    const before = new Set(
      modulesAllowedByPlan(
        previous && { categories: previous.categories, includes_premium: previous.includesPremium },
      ),
    );
    const allowed = modulesAllowedByPlan({
      categories: plan.categories,
      includes_premium: plan.includesPremium,
    });
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
      return {
        plan: toPlanSummary(plan),
        invoice: toInvoice(invoice),
        newly_allowed_modules: allowed.filter((moduleId) => !before.has(moduleId)),
        disabled_modules: disabled,
      };
    });
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
    if (this.config.production) throw new NotFoundError('Payment test');
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
