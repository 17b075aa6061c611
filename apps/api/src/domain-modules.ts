import type { Type } from '@nestjs/common';
import { AdministrationModule } from './administration/administration.module';
import { CrmModule } from './crm/crm.module';
import { ErrorReportsModule } from './error-reports/error-reports.module';
import { PlatformModule } from './platform/platform.module';
import { CrmInsightsModule } from './crm/insights/crm-insights.module';
import { CrmFilesModule } from './crm/files/crm-files.module';
import { HomeModule } from './home/home.module';
import { IdentityModule } from './identity/identity.module';
import { SsoModule } from './sso/sso.module';
import { RecordsModule } from './records/records.module';
import { SearchModule } from './search/search.module';
import { SubscriptionsModule } from './subscriptions/subscriptions.module';

/** Product domains (CRM, records, administration …): one Nest module each, added here. */
export const DOMAIN_MODULES: Type[] = [
  RecordsModule,
  HomeModule,
  CrmModule,
  CrmFilesModule,
  CrmInsightsModule,
  AdministrationModule,
  SubscriptionsModule,
  PlatformModule,
  ErrorReportsModule,
  SearchModule,
  IdentityModule,
  SsoModule,
];
