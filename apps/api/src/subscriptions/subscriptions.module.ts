import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AdministrationModule } from '../administration/administration.module';
import { InstitutionEntity } from '../institutions/institution.entity';
import { PlanEntity } from '../institutions/plan.entity';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InvoiceEntity, PaymentMethodEntity } from './invoice.entity';
import { PaymentEntity } from './payment.entity';
import { PaymentProvider, TestPaymentProvider } from './payment-provider';
import { SubscriptionsController } from './subscriptions.controller';
import { SubscriptionsService } from './subscriptions.service';

/** Plans, plan changes through the payment provider, invoices and the card on file. */
@Module({
  imports: [
    AdministrationModule,
    TypeOrmModule.forFeature([
      InstitutionEntity,
      PlanEntity,
      InvoiceEntity,
      PaymentMethodEntity,
      PaymentEntity,
    ]),
  ],
  controllers: [SubscriptionsController],
  providers: [
    SubscriptionsService,
    // No provider unless one is named: a server never takes test payments by accident.
    {
      provide: PaymentProvider,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): PaymentProvider | null =>
        config.paymentProvider === 'test' ? new TestPaymentProvider() : null,
    },
  ],
})
export class SubscriptionsModule {}
