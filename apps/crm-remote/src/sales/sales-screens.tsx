import { useNavigate } from 'react-router-dom';
import { CrmAnalytics } from '../analytics/crm-analytics';
import { AutomationRulesPanel } from '../automation/automation-rules-panel';
import { WorkflowsPanel } from '../automation/workflows-panel';
import { CRM_BASE_PATH } from '../shared/lead-format';
import { DealsPipeline } from '../pipeline/deals-pipeline';
import { SalesForecastPage } from '../forecast/sales-forecast-page';
import styled from 'styled-components';

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
`;

/** Sales › Pipeline: the CRM's deals board; a card opens the deal in the CRM. */
export function SalesPipeline() {
  const navigate = useNavigate();
  return (
    <DealsPipeline
      onSelectDeal={(dealId) => navigate(`${CRM_BASE_PATH}/deals/${encodeURIComponent(dealId)}`)}
    />
  );
}

/**
 * Sales › Forecasting: the deals' forecast by month and owner (docs/product/forecast.md), then the
 * next quarter projected from the trailing won revenue.
 */
export function SalesForecasting() {
  return (
    <>
      <SalesForecastPage />
      <Heading>Revenue projection</Heading>
      <CrmAnalytics forecastOnly title={null} />
    </>
  );
}

/** Sales › Automation: the pipeline rules and the lead workflows of the CRM. */
export function SalesAutomation() {
  return (
    <>
      <Heading>Pipeline Automation Rules</Heading>
      <AutomationRulesPanel />
      <Heading>Lead Workflows</Heading>
      <WorkflowsPanel />
    </>
  );
}
