import type { CrmTabProps } from '../shared/crm-tab-props';
import { AutomationRulesPanel } from './automation-rules-panel';
import { WorkflowsPanel } from './workflows-panel';
import styled from 'styled-components';

const Heading = styled.h3`
  font-size: ${({ theme }) => theme.font.size.lg};
  margin: ${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(3)};
`;

/**
 * The Enhanced CRM page's Automation tab: pipeline automation rules (narrowed to the stage
 * filter) with their switches and run history, then the lead workflows.
 */
export function CrmAutomationTab({ filters }: Partial<CrmTabProps>) {
  return (
    <>
      <Heading>Pipeline Automation Rules</Heading>
      <AutomationRulesPanel stage={filters?.stage ?? null} />
      <Heading>Lead Workflows</Heading>
      <WorkflowsPanel />
    </>
  );
}
