import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdministrationModule } from '../administration/administration.module';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { InvoiceEntity, PaymentMethodEntity } from './invoice.entity';
import { PaymentProvider, TestPaymentProvider } from './payment-provider';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** Plans, plan changes through the payment provider, invoices and the card on file. */
@Module({
  imports: [
    AdministrationModule,
    TypeOrmModule.forFeature([InstitutionEntity, PlanEntity, InvoiceEntity, PaymentMethodEntity]),
  ],
  controllers: [SubscriptionsController],
  // The built-in test provider; a real provider is bound here instead.
  providers: [SubscriptionsService, { provide: PaymentProvider, useClass: TestPaymentProvider }],
})
export class SubscriptionsModule {}
