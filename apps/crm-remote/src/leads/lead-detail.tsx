import { useActivities, useLead, useTimeAgo } from '@tessera/data-access/hooks';
import { ApiError } from '@tessera/data-access/client';
import { leadRating } from '@tessera/data-access/contracts';
import {
  Badge,
  Button,
  EmptyState,
  PageHeader,
  Progress,
  Spinner,
  TitledCard,
  AutoColumns,
} from '@tessera/ui';
import { Link, useNavigate } from 'react-router-dom';
import styled from 'styled-components';
import {
  BUDGET_RANGE_LABELS,
  COMPANY_SIZE_LABELS,
  INDUSTRY_LABELS,
  leadName,
  leadQualificationPath,
  leadSourceLabel,
  TIMELINE_LABELS,
  titleCase,
} from '../shared/lead-format';
import { LeadHeadCard, LeadIdentity } from '../shared/lead-identity';
import { EmailThreads } from '../shared/email-threads';

const Fields = styled.dl`
  display: grid;
  grid-template-columns: minmax(110px, auto) 1fr;
  gap: 6px ${({ theme }) => theme.space(3)};
  margin: 0;
  font-size: ${({ theme }) => theme.font.size.sm};
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const Head = styled(LeadHeadCard)`
  .end { margin-left: auto; display: flex; gap: ${({ theme }) => theme.space(2)}; flex-wrap: wrap; }
`;

const QUALIFICATION_PARTS = [
  { key: 'demographic', label: 'Demographic Fit' },
  { key: 'behavioral', label: 'Form Completion' },
  { key: 'firmographic', label: 'Company Profile' },
  { key: 'intent', label: 'Purchase Intent' },
] as const;

/** One lead with every stored field, its scores and its activity (View Details). */
export function LeadDetail({ leadId }: { leadId: string }) {
  const ago = useTimeAgo();
  const lead = useLead(leadId);
  const activities = useActivities({ lead_id: leadId, limit: 20 });
  const navigate = useNavigate();

  if (lead.isLoading) return <Spinner block label="Loading lead" />;
  if (!lead.data) {
    const missing =
      lead.error instanceof ApiError && (lead.error.status === 404 || lead.error.status === 400);
    return (
      <EmptyState
        title={missing ? 'Lead not found' : 'Failed to load leads'}
        action={<Button onClick={() => navigate(-1)}>Go Back</Button>}
      />
    );
  }
  const current = lead.data;
  const value = (text: string | null | undefined) => text || '—';
  return (
    <>
      <PageHeader title={leadName(current)} description={current.company ?? undefined} />
      <Head aria-label="Lead summary">
        <LeadIdentity lead={current}>
          {current.position || 'Unknown Position'} · {current.company || 'Unknown Company'}
        </LeadIdentity>
        <div className="end">
          <Badge $tone="primary">{titleCase(current.stage)}</Badge>
          <Badge>{titleCase(current.status)}</Badge>
          <Badge $tone={leadRating(current.lead_score) === 'Hot' ? 'destructive' : 'warning'}>
            {leadRating(current.lead_score)} · {current.lead_score}/100
          </Badge>
          <Link to={leadQualificationPath(current.id)}>Qualify this lead</Link>
        </div>
      </Head>
      <AutoColumns>
        <TitledCard title="Contact" aria-label="Contact">
          <Fields>
            <dt>Email</dt>
            <dd>{current.email ? <a href={`mailto:${current.email}`}>{current.email}</a> : '—'}</dd>
            <dt>Phone</dt>
            <dd>{value(current.phone)}</dd>
            <dt>Job title</dt>
            <dd>{value(current.position)}</dd>
            <dt>Lead source</dt>
            <dd>{leadSourceLabel(current)}</dd>
            <dt>Added</dt>
            <dd>{ago(current.created_at)}</dd>
            <dt>Updated</dt>
            <dd>{ago(current.updated_at)}</dd>
          </Fields>
        </TitledCard>
        <TitledCard title="Company" aria-label="Company">
          <Fields>
            <dt>Company</dt>
            <dd>{value(current.company)}</dd>
            <dt>Website</dt>
            <dd>
              {current.website ? (
                <a href={current.website} target="_blank" rel="noreferrer">
                  {current.website}
                </a>
              ) : (
                '—'
              )}
            </dd>
            <dt>Industry</dt>
            <dd>{current.industry ? INDUSTRY_LABELS[current.industry] : '—'}</dd>
            <dt>Company size</dt>
            <dd>{current.company_size ? COMPANY_SIZE_LABELS[current.company_size] : '—'}</dd>
            <dt>Budget</dt>
            <dd>{current.budget_range ? BUDGET_RANGE_LABELS[current.budget_range] : '—'}</dd>
            <dt>Timeline</dt>
            <dd>{current.timeline ? TIMELINE_LABELS[current.timeline] : '—'}</dd>
          </Fields>
        </TitledCard>
        <TitledCard
          title="Qualification"
          aria-label="Qualification"
          description={`Capture score ${current.qualification_score ?? 0}%`}
        >
          {current.qualification_data ? (
            QUALIFICATION_PARTS.map(({ key, label }) => (
              <div key={key} style={{ marginBottom: 8 }}>
                <div style={{ display: 'flex', justifyContent: 'space-between', fontSize: 13 }}>
                  <span>{label}</span>
                  <strong>{current.qualification_data?.[key] ?? 0}%</strong>
                </div>
                <Progress label={label} value={current.qualification_data?.[key] ?? 0} />
              </div>
            ))
          ) : (
            <p>Not captured through the form.</p>
          )}
        </TitledCard>
        <TitledCard title="Pain Points and Notes" aria-label="Pain Points and Notes">
          <p>{current.pain_points || 'No pain points recorded.'}</p>
          <p>{current.notes || 'No notes.'}</p>
        </TitledCard>
        <TitledCard title="Activity" aria-label="Activity">
          {(activities.data ?? []).length === 0 ? (
            <p>No activities yet.</p>
          ) : (
            <ul style={{ margin: 0, paddingLeft: 18, fontSize: 13 }}>
              {(activities.data ?? []).map((activity) => (
                <li key={activity.id}>
                  {activity.subject} — {titleCase(activity.type)}, {activity.status}
                  {activity.due_date ? `, due ${new Date(activity.due_date).toLocaleDateString()}` : ''} (
                  {ago(activity.created_at)})
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
        <TitledCard title="E-mail" aria-label="E-mail">
          <EmailThreads kind="leads" id={leadId} />
        </TitledCard>
      </AutoColumns>
    </>
  );
}
