import {
  useActivities,
  useCreateActivity,
  useLead,
  useLeadQualification,
  useLeads,
  useSaveLeadQualification,
  useUpdateLead,
} from '@tessera/data-access/hooks';
import { BANT_CRITERIA, type Lead, type QualificationStep } from '@tessera/data-access/contracts';
import {
  Avatar,
  Badge,
  type BadgeTone,
  Button,
  Card,
  EmptyState,
  FieldRow,
  Label,
  PageHeader,
  Progress,
  Select,
  Spinner,
  Tabs,
  TextField,
  toast,
} from '@tessera/ui';
import { useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import { leadName, leadInitials, leadQualificationPath, timeAgo, titleCase } from '../leads/lead-format';
import { useCrmCanWrite } from '../crm-access/use-crm-can-write';
import {
  ACTION_LABEL,
  ACTION_TARGET,
  BANT_LABELS,
  bantSummary,
  stepActions,
  toggleBant,
  workflowProgress,
} from './qualification-logic';
import { SendEmailDialog } from './send-email-dialog';

const BANT_COLOURS = { green: '#1b7f3b', yellow: '#a15c00', red: '#c62828' } as const;
const STEP_TONE: Record<QualificationStep['status'], BadgeTone> = {
  pending: 'neutral',
  in_progress: 'primary',
  completed: 'success',
  skipped: 'warning',
};

const HeaderCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
  .score { margin-left: auto; text-align: right; }
  .score strong { font-size: ${({ theme }) => theme.font.size.xxl}; display: block; }
`;

const Steps = styled.ol`
  list-style: none;
  padding: 0;
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
`;

const StepCard = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space(2)};
  padding: ${({ theme }) => theme.space(4)};
  .line { display: flex; flex-wrap: wrap; justify-content: space-between; gap: ${({ theme }) => theme.space(2)}; align-items: center; }
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  .buttons { display: flex; gap: ${({ theme }) => theme.space(2)}; }
  textarea { width: 100%; min-height: 64px; padding: 8px 10px; font: inherit; color: inherit;
    border: 1px solid ${({ theme }) => theme.colors.border}; border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surface}; }
  textarea:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const BantGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  grid-template-columns: repeat(auto-fit, minmax(220px, 1fr));
  margin-bottom: ${({ theme }) => theme.space(4)};
  .criterion { display: flex; justify-content: space-between; align-items: center; gap: ${({ theme }) => theme.space(2)}; }
  h4 { margin: 0; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const Highlight = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: ${({ theme }) => theme.space(3)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: #e7f6ec;
  color: #14532d;
  font-weight: 600;
`;

const ActionsGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  grid-template-columns: repeat(auto-fit, minmax(260px, 1fr));
  h4 { margin: 0 0 ${({ theme }) => theme.space(2)}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  ul { margin: 0; padding-left: 18px; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

function tomorrow(): string {
  return new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
}

function WorkflowTab({ lead }: { lead: Lead }) {
  const qualification = useLeadQualification(lead.id);
  const save = useSaveLeadQualification(lead.id);
  const canWrite = useCrmCanWrite();
  const [notes, setNotes] = useState<Record<string, string>>({});

  if (qualification.isLoading) return <Spinner block label="Loading qualification" />;
  const steps = qualification.data?.steps ?? [];
  const onError = () =>
    toast({ title: 'Error', description: 'Failed to update qualification step', variant: 'destructive' });

  return (
    <>
      <FieldRow>
        <Label as="span">Workflow progress: {workflowProgress(steps)}%</Label>
        <Progress label="Workflow progress" value={workflowProgress(steps)} />
      </FieldRow>
      <Steps aria-label="Qualification steps">
        {steps.map((step) => (
          <li key={step.id}>
            <StepCard aria-label={step.name}>
              <div className="line">
                <div>
                  <h4>{step.name}</h4>
                  <p>{step.description}</p>
                </div>
                <Badge $tone={STEP_TONE[step.status]}>{titleCase(step.status)}</Badge>
              </div>
              {step.status === 'completed' && step.completedAt ? (
                <p>Completed {new Date(step.completedAt).toLocaleString()}</p>
              ) : null}
              {step.status === 'in_progress' ? (
                <textarea
                  aria-label={`Notes for ${step.name}`}
                  readOnly={!canWrite}
                  placeholder="Notes from this step"
                  value={notes[step.id] ?? step.notes}
                  onChange={(event) => setNotes((current) => ({ ...current, [step.id]: event.target.value }))}
                  onBlur={() => {
                    const value = notes[step.id];
                    if (value !== undefined && value !== step.notes)
                      save.mutate(
                        { steps: [{ id: step.id, status: step.status, notes: value }] },
                        { onError },
                      );
                  }}
                />
              ) : step.notes ? (
                <p>Notes: {step.notes}</p>
              ) : null}
              <div className="buttons">
                {stepActions(step.status).map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant={action === 'skip' ? 'secondary' : 'primary'}
                    aria-label={`${ACTION_LABEL[action]} ${step.name}`}
                    disabled={save.isPending || !canWrite}
                    onClick={() =>
                      save.mutate(
                        {
                          steps: [
                            {
                              id: step.id,
                              status: ACTION_TARGET[action],
                              notes: notes[step.id] ?? step.notes,
                            },
                          ],
                        },
                        { onError },
                      )
                    }
                  >
                    {ACTION_LABEL[action]}
                  </Button>
                ))}
              </div>
            </StepCard>
          </li>
        ))}
      </Steps>
    </>
  );
}

function BantTab({ lead }: { lead: Lead }) {
  const qualification = useLeadQualification(lead.id);
  const save = useSaveLeadQualification(lead.id);
  const canWrite = useCrmCanWrite();
  if (qualification.isLoading || !qualification.data) return <Spinner block label="Loading BANT" />;
  const bant = qualification.data.bant;
  const summary = bantSummary(bant);
  return (
    <>
      <BantGrid>
        {BANT_CRITERIA.map((criterion) => (
          <Card key={criterion}>
            <div className="criterion">
              <div>
                <h4>{BANT_LABELS[criterion].title}</h4>
                <p>{BANT_LABELS[criterion].question}</p>
              </div>
              <Button
                size="sm"
                variant={bant[criterion] ? 'primary' : 'secondary'}
                aria-pressed={bant[criterion]}
                aria-label={`${BANT_LABELS[criterion].title}: ${bant[criterion] ? 'Confirmed' : 'Assess'}`}
                disabled={save.isPending || !canWrite}
                onClick={() =>
                  save.mutate(
                    { bant: toggleBant(bant, criterion) },
                    {
                      onError: () =>
                        toast({
                          title: 'Error',
                          description: 'Failed to save BANT assessment',
                          variant: 'destructive',
                        }),
                    },
                  )
                }
              >
                {bant[criterion] ? 'Confirmed' : 'Assess'}
              </Button>
            </div>
          </Card>
        ))}
      </BantGrid>
      <Card aria-label="BANT score">
        <FieldRow>
          <Label as="span">
            BANT Score:{' '}
            <strong style={{ color: BANT_COLOURS[summary.colour] }} data-testid="bant-score">
              {summary.score}%
            </strong>{' '}
            ({summary.confirmed} of 4 confirmed)
          </Label>
          <Progress label="BANT score" value={summary.score} />
        </FieldRow>
        {summary.highlyQualified ? <Highlight role="status">Highly Qualified Lead</Highlight> : null}
      </Card>
    </>
  );
}

function QuickActionsTab({ lead }: { lead: Lead }) {
  const update = useUpdateLead();
  const createActivity = useCreateActivity();
  const activities = useActivities({ lead_id: lead.id, limit: 10 });
  const canWrite = useCrmCanWrite();
  const [callDate, setCallDate] = useState(tomorrow);
  const [composing, setComposing] = useState(false);

  return (
    <ActionsGrid>
      <Card>
        <h4>Advance Stage</h4>
        <p>Current stage: {titleCase(lead.stage)}</p>
        <Button
          disabled={!canWrite || update.isPending || lead.stage === 'qualified'}
          onClick={() =>
            update.mutate(
              { id: lead.id, changes: { stage: 'qualified' } },
              {
                onSuccess: () => toast({ title: 'Lead stage updated successfully' }),
                onError: () =>
                  toast({
                    title: 'Error',
                    description: 'Failed to update lead stage',
                    variant: 'destructive',
                  }),
              },
            )
          }
        >
          Advance to Qualified
        </Button>
      </Card>
      <Card>
        <h4>Schedule a Call</h4>
        <TextField
          label="Call date"
          type="date"
          value={callDate}
          onChange={(event) => setCallDate(event.target.value)}
        />
        <Button
          disabled={!canWrite || createActivity.isPending || !callDate}
          onClick={() =>
            createActivity.mutate(
              {
                type: 'call',
                subject: `Call ${leadName(lead)}`,
                status: 'pending',
                due_date: new Date(`${callDate}T09:00:00`).toISOString(),
                lead_id: lead.id,
              },
              {
                onSuccess: () =>
                  toast({
                    title: 'Call scheduled',
                    description: `Call with ${leadName(lead)} on ${callDate}`,
                  }),
                onError: () =>
                  toast({ title: 'Error', description: 'Failed to schedule call', variant: 'destructive' }),
              },
            )
          }
        >
          Schedule Call
        </Button>
      </Card>
      <Card>
        <h4>Send an Email</h4>
        {lead.email ? (
          <>
            <p>To {lead.email}</p>
            <Button disabled={!canWrite} onClick={() => setComposing(true)}>
              Send Email
            </Button>
            <SendEmailDialog
              open={composing}
              onOpenChange={setComposing}
              recipient={{ kind: 'lead', id: lead.id, firstName: lead.first_name, email: lead.email }}
            />
          </>
        ) : (
          <p>This lead has no email address.</p>
        )}
      </Card>
      <Card aria-label="Recent activity">
        <h4>Recent Activity</h4>
        {(activities.data ?? []).length === 0 ? (
          <p>No activities yet.</p>
        ) : (
          <ul>
            {(activities.data ?? []).map((activity) => (
              <li key={activity.id}>
                {activity.subject} — {titleCase(activity.type)}, {activity.status} (
                {timeAgo(activity.created_at)})
              </li>
            ))}
          </ul>
        )}
      </Card>
    </ActionsGrid>
  );
}

export interface LeadQualificationScreenProps {
  /** The lead to qualify; without one, the first loaded lead (spec §2.10). */
  leadId?: string;
}

/** Lead Qualification (spec §2.10, §4): workflow steps, BANT and quick actions, stored per lead. */
export function LeadQualificationScreen({ leadId }: LeadQualificationScreenProps) {
  const navigate = useNavigate();
  const leads = useLeads({ limit: 100 });
  const chosenId = leadId ?? leads.data?.rows[0]?.id ?? '';
  const lead = useLead(chosenId);
  const [tab, setTab] = useState('workflow');
  const selectId = useId();

  useEffect(() => {
    if (leads.isError) toast({ title: 'Error', description: 'Failed to load leads', variant: 'destructive' });
  }, [leads.isError]);

  if (leads.isLoading || (chosenId && lead.isLoading)) return <Spinner block label="Loading leads" />;
  if (!chosenId || !lead.data)
    return (
      <>
        <PageHeader title="Lead Qualification" />
        <EmptyState title="No leads available for qualification." />
      </>
    );

  const current = lead.data;
  const options = (leads.data?.rows ?? []).map((row) => ({ value: row.id, label: leadName(row) }));
  if (!options.some((option) => option.value === current.id))
    options.unshift({ value: current.id, label: leadName(current) });

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
      <HeaderCard aria-label="Lead">
        <Avatar name={leadName(current)} initials={leadInitials(current)} size={56} />
        <div>
          <h3>{leadName(current)}</h3>
          <p>
            {current.company || 'Unknown Company'} · {current.position || 'Unknown Position'}
          </p>
        </div>
        <div className="score">
          <strong>{current.qualification_score ?? 0}%</strong>
          <span>Qualification score</span>
        </div>
        <Badge $tone="primary">{titleCase(current.status)}</Badge>
      </HeaderCard>
      <Tabs
        label="Qualification"
        value={tab}
        onValueChange={setTab}
        items={[
          {
            id: 'workflow',
            label: 'Qualification Workflow',
            content: <WorkflowTab key={current.id} lead={current} />,
          },
          { id: 'bant', label: 'BANT Assessment', content: <BantTab lead={current} /> },
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
