import { EmptyState, PageHeader, Select, Spinner, Tabs } from '@tessera/ui';
import { useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { leadQualificationPath } from '../shared/lead-format';
import { BantAssessmentTab } from './bant-assessment-tab';
import { LeadQualificationHeader } from './lead-qualification-header';
import { QualificationWorkflowTab } from './qualification-workflow-tab';
import { leadOptions } from './qualification-logic';
import { QuickActionsTab } from './quick-actions-tab';
import { useQualificationLead } from './use-qualification-lead';

export interface LeadQualificationScreenProps {
  /** The lead to qualify; without one, the first loaded lead (docs/product/lead-qualification.md#lead-qualification-screen). */
  leadId?: string;
}

/** Lead Qualification (docs/product/lead-qualification.md): workflow steps, BANT and quick actions, stored per lead. */
export function LeadQualificationScreen({ leadId }: LeadQualificationScreenProps) {
  const navigate = useNavigate();
  const { leads, lead, chosenId } = useQualificationLead(leadId);
  const [tab, setTab] = useState('workflow');
  const selectId = useId();

  if (leads.isLoading || (chosenId && lead.isLoading)) return <Spinner block label="Loading leads" />;
  if (!chosenId || !lead.data)
    return (
      <>
        <PageHeader title="Lead Qualification" />
        <EmptyState title="No leads available for qualification." />
      </>
    );

  const current = lead.data;
  const options = leadOptions(leads.data?.rows ?? [], current);

  return (
    <>
      <PageHeader
        title="Lead Qualification"
        actions={
          <Select
            id={selectId}
            label="Lead"
            value={current.id}
            options={options}
            onValueChange={(id) => navigate(leadQualificationPath(id))}
          />
        }
      />
      <LeadQualificationHeader lead={current} />
      <Tabs
        label="Qualification"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            id: 'workflow',
            label: 'Qualification Workflow',
            content: <QualificationWorkflowTab key={current.id} lead={current} />,
          },
          { id: 'bant', label: 'BANT Assessment', content: <BantAssessmentTab lead={current} /> },
          {
            id: 'actions',
            label: 'Quick Actions',
            content: <QuickActionsTab key={current.id} lead={current} />,
          },
        ]}
      />
    </>
  );
}
