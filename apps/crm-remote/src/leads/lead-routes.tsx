import { Breadcrumbs } from '@tessera/ui';
import { NavLink, Route, Routes, useParams } from 'react-router-dom';
import styled from 'styled-components';
import { CrmAnalytics } from '../analytics/crm-analytics';
import { LeadCaptureForm } from '../lead-capture/lead-capture-form';
import { LeadScoringPanel } from '../lead-scoring/lead-scoring-panel';
import { LeadQualificationScreen } from '../qualification/lead-qualification-screen';
import { LEAD_ROUTES } from '../shared/crm-routes';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { LeadDetail } from './lead-detail';
import { SmartLeadsPage } from './smart-leads-page';

const Nav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  a {
    padding: 6px 12px;
    border-radius: ${({ theme }) => theme.radii.full};
    color: ${({ theme }) => theme.colors.text};
    text-decoration: none;
    font-size: ${({ theme }) => theme.font.size.sm};
    font-weight: 600;
  }
  a.active { background: ${({ theme }) => theme.colors.primaryMuted}; color: ${({ theme }) => theme.colors.primary}; }
  a:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

/** The lead side's screens, reachable from each other (inside the CRM page, without its own link). */
export function LeadsNav({ inCrmPage = false }: { inCrmPage?: boolean }) {
  return (
    <Nav aria-label="Leads">
      {inCrmPage ? null : (
        <NavLink to={CRM_BASE_PATH} end>
          Enhanced CRM
        </NavLink>
      )}
      <NavLink to={`${CRM_BASE_PATH}/leads`} end>
        Smart Leads
      </NavLink>
      <NavLink to={`${CRM_BASE_PATH}/leads/scores`}>Lead Scores</NavLink>
      <NavLink to={`${CRM_BASE_PATH}/leads/capture`}>Capture Lead</NavLink>
      <NavLink to={`${CRM_BASE_PATH}/leads/qualification`}>Qualification</NavLink>
      <NavLink to={`${CRM_BASE_PATH}/analytics`}>Analytics</NavLink>
      <NavLink to={`${CRM_BASE_PATH}/imports?entity=leads`}>Import from CSV</NavLink>
      <NavLink to={`${CRM_BASE_PATH}/duplicates?entity=leads`}>Duplicates</NavLink>
    </Nav>
  );
}

const CrumbsRow = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

/** Dashboard › CRM › [Leads ›] page: where a lead screen sits, for the breadcrumb and the header. */
function LeadCrumbs({ page, underLeads = true }: { page?: string; underLeads?: boolean }) {
  const crumbs = [
    { label: 'Dashboard', to: '/dashboard' },
    { label: 'CRM', to: CRM_BASE_PATH },
    ...(underLeads ? [{ label: 'Leads', to: `${CRM_BASE_PATH}/leads` }] : []),
    ...(page ? [{ label: page }] : []),
  ];
  return (
    <CrumbsRow>
      <Breadcrumbs items={crumbs} />
    </CrumbsRow>
  );
}

function LeadDetailRoute() {
  const { leadId = '' } = useParams();
  return <LeadDetail key={leadId} leadId={leadId} />;
}

function QualificationRoute() {
  const { leadId } = useParams();
  return <LeadQualificationScreen key={leadId ?? 'first'} leadId={leadId} />;
}

/**
 * Routes under `<crm>/leads/*` (mounted by the CRM module): Smart Leads, the scoring panel,
 * capture, qualification (first lead or a chosen one) and the lead detail.
 */
export function LeadRoutes() {
  return (
    <>
      <Routes>
        <Route index element={<LeadCrumbs />} />
        <Route path={LEAD_ROUTES.scores} element={<LeadCrumbs page="Lead Scores" />} />
        <Route path={LEAD_ROUTES.capture} element={<LeadCrumbs page="Capture Lead" />} />
        <Route path={LEAD_ROUTES.qualification} element={<LeadCrumbs page="Qualification" />} />
        <Route path={LEAD_ROUTES.leadQualification} element={<LeadCrumbs page="Qualification" />} />
        <Route path={LEAD_ROUTES.lead} element={<LeadCrumbs page="Lead" />} />
      </Routes>
      <LeadsNav />
      <Routes>
        <Route index element={<SmartLeadsPage />} />
        <Route path={LEAD_ROUTES.scores} element={<LeadScoringPanel />} />
        <Route path={LEAD_ROUTES.capture} element={<LeadCaptureForm />} />
        <Route path={LEAD_ROUTES.qualification} element={<QualificationRoute />} />
        <Route path={LEAD_ROUTES.leadQualification} element={<QualificationRoute />} />
        <Route path={LEAD_ROUTES.lead} element={<LeadDetailRoute />} />
      </Routes>
    </>
  );
}

/** `<crm>/analytics`: CRM Analytics on its own page. */
export function AnalyticsRoute() {
  return (
    <>
      <LeadCrumbs page="Analytics" underLeads={false} />
      <LeadsNav />
      <CrmAnalytics />
    </>
  );
}
