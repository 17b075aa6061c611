import { MailQuotas1733610000000 } from '../mail/mail-quotas.migration';
import { Integrations1733620000000 } from '../integrations/integrations.migration';
import { WebhookAttempts1733630000000 } from '../integrations/webhook-attempts.migration';
import type { MigrationInterface } from 'typeorm';
import { AccessChanges1733500100000 } from '../access/access-changes.migration';
import { RowLevelSecurity1733500000000 } from '../access/row-level-security.migration';
import { InvitationLinks1733100100000 } from '../administration/invitation-links.migration';
import { Identity1733700000000 } from '../auth/identity.migration';
import { RuntimeRoles1733700100000 } from './runtime-roles.migration';
import { SingleSignOn1733700200000 } from '../sso/sso.migration';
import { SsoOnlySessions1733700400000 } from '../sso/sso-only-sessions.migration';
import { ForecastAndGoals1733810000000 } from '../crm/forecast/forecast-and-goals.migration';
import { Sequences1733840000000 } from '../crm/sequences/sequences.migration';
import { Mailboxes1733830000000 } from '../crm/mailboxes/mailboxes.migration';
import { MailboxSmtp1733830500000 } from '../crm/mailboxes/mailbox-smtp.migration';
import { JobQueueOwner1733700300000 } from '../jobs/job-queue-owner.migration';
import { PasswordResetTokens1733100000000 } from '../auth/password-reset.migration';
import { CrmCompanies1733520000000 } from '../crm/companies/crm-companies.migration';
import { CrmChildOwnership1732500000000 } from '../crm/common/crm-child-ownership.migration';
import { CampaignDelivery1733200000000 } from '../crm/campaigns/campaign-delivery.migration';
import { CrmSchema1732320000000 } from '../crm/common/crm-schema.migration';
import { LeadScoreRuns1733400100000 } from '../crm/leads/lead-score-runs.migration';
import { LeadTotals1733500200000 } from '../crm/leads/lead-totals.migration';
import { CrmFiles1732406400000 } from '../crm/files/crm-files.migration';
import { Selling1733800000000 } from '../crm/selling/selling.migration';
import { InstitutionLogos1733801000000 } from '../institutions/institution-logo.migration';
import { ErrorReports1733500300000 } from '../error-reports/error-reports.migration';
import { CrmImportCompanies1733590000000 } from '../crm/imports/crm-import-companies.migration';
import { CrmImports1733530000000 } from '../crm/imports/crm-imports.migration';
import { CsvImportJobs1733400000000 } from '../imports/imports.migration';
import { CampaignSchedule1733510000000 } from '../crm/campaigns/campaign-schedule.migration';
import { MailOutbox1733000100000 } from '../mail/mail.migration';
import { CatalogueReferences1733570000000 } from '../records/catalogue-references.migration';
import { ListsAndHome1733550000000 } from '../records/lists-and-home.migration';
import { HousekeepingRooms1733598000000 } from '../records/housekeeping-rooms.migration';
import { RecentlyViewedCrm1733595000000 } from '../records/recently-viewed-crm.migration';
import { Registry1733600000000 } from '../registry/registry.migration';
import { ReleaseRemoval1733640000000 } from '../registry/release-removal.migration';
import { SearchCompanies1733596000000 } from '../search/search-companies.migration';
import { SearchDocuments1733560000000 } from '../search/search-documents.migration';
import { SearchUnderRowSecurity1733597000000 } from '../search/search-under-row-security.migration';
import { Foundation1732233600000 } from './migrations/1732233600000-foundation';
import { Administration1732330000000 } from './migrations/1732330000000-administration';
import { Records1732233700000 } from './migrations/1732233700000-records';
import { WebForms1733820000000 } from '../crm/web-forms/web-forms.migration';
import { AutomationRunMessages1733850000000 } from '../crm/automation/automation-run-messages.migration';
import { Security1733300000000 } from './migrations/1733300000000-security';

type MigrationClass = new () => MigrationInterface;

/**
 * Every migration, in order. Listed explicitly rather than globbed so that the compiled API, the
 * Jest runs (TypeScript sources) and the data generator all run exactly the same set.
 */
export const MIGRATIONS: MigrationClass[] = [
  Foundation1732233600000,
  Records1732233700000,
  CrmSchema1732320000000,
  Administration1732330000000,
  CrmFiles1732406400000,
  CrmChildOwnership1732500000000,
  MailOutbox1733000100000,
  PasswordResetTokens1733100000000,
  InvitationLinks1733100100000,
  CampaignDelivery1733200000000,
  Security1733300000000,
  CsvImportJobs1733400000000,
  LeadScoreRuns1733400100000,
  RowLevelSecurity1733500000000,
  AccessChanges1733500100000,
  LeadTotals1733500200000,
  ErrorReports1733500300000,
  CampaignSchedule1733510000000,
  CrmCompanies1733520000000,
  CrmImports1733530000000,
  ListsAndHome1733550000000,
  SearchDocuments1733560000000,
  CatalogueReferences1733570000000,
  CrmImportCompanies1733590000000,
  RecentlyViewedCrm1733595000000,
  SearchCompanies1733596000000,
  SearchUnderRowSecurity1733597000000,
  HousekeepingRooms1733598000000,
  Registry1733600000000,
  MailQuotas1733610000000,
  Integrations1733620000000,
  WebhookAttempts1733630000000,
  ReleaseRemoval1733640000000,
  Identity1733700000000,
  RuntimeRoles1733700100000,
  SingleSignOn1733700200000,
  JobQueueOwner1733700300000,
  SsoOnlySessions1733700400000,
  Selling1733800000000,
  InstitutionLogos1733801000000,
  ForecastAndGoals1733810000000,
  WebForms1733820000000,
  Mailboxes1733830000000,
  MailboxSmtp1733830500000,
  Sequences1733840000000,
  AutomationRunMessages1733850000000,
];
