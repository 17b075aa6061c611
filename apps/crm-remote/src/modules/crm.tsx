import { useAuth, useInstitution } from '@tessera/auth';
import { displayName, findModule, type RemoteModuleProps } from '@tessera/data-access/contracts';
import { ModuleFrame, registerReactInstance } from '@tessera/ui';
import * as React from 'react';
import { Route, Routes } from 'react-router-dom';
import { BuildStamp } from '../build-info/build-stamp';
import { CampaignDeliveryPage } from '../campaigns/campaign-delivery-page';
import { CampaignEditorPage } from '../campaigns/campaign-editor-page';
import { CampaignsPage } from '../campaigns/campaigns-page';
import {
  ActivitiesPage,
  CompaniesPage,
  CompanyPage,
  ContactsPage,
  DealPage,
  DealsPage,
  DuplicatesPage,
  ImportsPage,
  ProductsPage,
} from '../crm-page/crm-submodule-pages';
import { EnhancedCrmPage } from '../crm-page/enhanced-crm-page';
import { AnalyticsRoute, LeadRoutes } from '../leads/lead-routes';
import { SequenceBuilderPage } from '../sequences/sequence-builder-page';
import { SequencePage } from '../sequences/sequence-page';
import { SequencesPage } from '../sequences/sequences-page';
import { CRM_ROUTES } from '../shared/crm-routes';
import { WebFormPage } from '../web-forms/web-form-page';
import { WebFormsPage } from '../web-forms/web-forms-page';
import { WorkspaceLine } from './workspace-line';

// Proves at run time that this remote uses the shell's React (one instance in the page).
registerReactInstance(React);

const crm = findModule('crm');

/**
 * The CRM module (exposed as `./crm`): the Enhanced CRM page at the base path, the contacts,
 * companies (with `companies/:companyId`),
 * deals (with `deals/:dealId`) and activities submodules, email campaigns with their delivery
 * (`campaigns/:campaignId`) and editor (`campaigns/new`, `campaigns/:campaignId/edit`), sequences (list,
 * builder, a sequence's page), and the module frame's not-found page.
 */
export default function CrmModule({ basePath }: RemoteModuleProps) {
  // Read from the shell's providers: federation shares @tessera/auth, so these are the very
  // contexts the shell created (a second copy would throw "must be used within" here).
  const { user } = useAuth();
  const { currentInstitution } = useInstitution();
  if (!crm) throw new Error('The module catalogue has no crm entry');
  return (
    <>
      <Routes>
        <Route
          index
          element={
            <EnhancedCrmPage
              intro={<WorkspaceLine person={displayName(user)} institution={currentInstitution?.name} />}
            />
          }
        />
        <Route path={CRM_ROUTES.contacts} element={<ContactsPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.companies} element={<CompaniesPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.company} element={<CompanyPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.deals} element={<DealsPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.deal} element={<DealPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.activities} element={<ActivitiesPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.imports} element={<ImportsPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.duplicates} element={<DuplicatesPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.campaigns} element={<CampaignsPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.newCampaign} element={<CampaignEditorPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.campaign} element={<CampaignDeliveryPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.editCampaign} element={<CampaignEditorPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.forms} element={<WebFormsPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.newForm} element={<WebFormPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.form} element={<WebFormPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.sequences} element={<SequencesPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.newSequence} element={<SequenceBuilderPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.sequence} element={<SequencePage basePath={basePath} />} />
        <Route path={CRM_ROUTES.editSequence} element={<SequenceBuilderPage basePath={basePath} />} />
        <Route path={CRM_ROUTES.leads} element={<LeadRoutes />} />
        <Route path={CRM_ROUTES.analytics} element={<AnalyticsRoute />} />
        <Route path={CRM_ROUTES.products} element={<ProductsPage basePath={basePath} />} />
        <Route path="*" element={<ModuleFrame module={crm} basePath={basePath} />} />
      </Routes>
      <BuildStamp />
    </>
  );
}
