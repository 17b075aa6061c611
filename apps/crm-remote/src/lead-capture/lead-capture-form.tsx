import { useCaptureLead } from '@tessera/data-access/hooks';
import {
  BUDGET_RANGES,
  COMPANY_SIZES,
  captureScore,
  INDUSTRIES,
  LEAD_SOURCES,
  TIMELINES,
} from '@tessera/data-access/contracts';
import { Button, Card, FieldRow, Label, PageHeader, Select, TextField, toast, Textarea } from '@tessera/ui';
import { type FormEvent, type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import {
  BUDGET_RANGE_LABELS,
  COMPANY_SIZE_LABELS,
  INDUSTRY_LABELS,
  LEAD_SOURCE_LABELS,
  leadPath,
  TIMELINE_LABELS,
} from '../shared/lead-format';
import {
  type CaptureFormValues,
  EMPTY_CAPTURE_FORM,
  toCaptureRequest,
  toScoringInput,
} from './capture-form-values';
import { QualificationScorePanel } from './qualification-score-panel';
import { READ_ONLY_NOTE, useCrmCanWrite } from '../shared/use-crm-can-write';

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  grid-template-columns: minmax(0, 2fr) minmax(260px, 1fr);
  align-items: start;
  @media (max-width: 900px) { grid-template-columns: 1fr; }
`;

const Section = styled(Card)`
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.lg}; }
  .pair { display: grid; gap: 0 ${({ theme }) => theme.space(4)}; grid-template-columns: repeat(auto-fit, minmax(200px, 1fr)); }
`;

const Footer = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  align-items: center;
`;

const Required = () => (
  <>
    {' '}
    <span aria-hidden="true">*</span>
  </>
);

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) =>
  values.map((value) => ({ value, label: labels[value] }));

/** Smart Lead Capture (docs/product/lead-scoring.md#capture-score): the live score panel and a capture the API acts on. */
export function LeadCaptureForm() {
  const capture = useCaptureLead();
  const [values, setValues] = useState<CaptureFormValues>(EMPTY_CAPTURE_FORM);
  const [captured, setCaptured] = useState<{ id: string; name: string } | null>(null);
  const score = useMemo(() => captureScore(toScoringInput(values)), [values]);
  const ids = useId();
  const canWrite = useCrmCanWrite();

  const set = (field: keyof CaptureFormValues) => (value: string) =>
    setValues((current) => ({ ...current, [field]: value }));
  const text = (field: keyof CaptureFormValues, label: ReactNode, props: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={values[field]}
      onChange={(event) => set(field)(event.target.value)}
      {...props}
    />
  );
  const choice = <T extends string>(
    field: keyof CaptureFormValues,
    label: string,
    placeholder: string,
    choices: readonly T[],
    labels: Record<T, string>,
  ) => (
    <Select
      label={label}
      placeholder={placeholder}
      value={values[field]}
      options={options(choices, labels)}
      onValueChange={set(field)}
    />
  );
  const area = (field: 'pain_points' | 'notes', label: string, placeholder: string) => (
    <FieldRow>
      <Label htmlFor={`${ids}-${field}`}>{label}</Label>
      <Textarea
        $minHeight="80px"
        id={`${ids}-${field}`}
        value={values[field]}
        placeholder={placeholder}
        onChange={(event) => set(field)(event.target.value)}
      />
    </FieldRow>
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    capture.mutate(toCaptureRequest(values), {
      onSuccess: (result) => {
        toast({ title: result.message });
        setCaptured({ id: result.lead.id, name: `${result.lead.first_name} ${result.lead.last_name}` });
        setValues(EMPTY_CAPTURE_FORM);
      },
      onError: () =>
        toast({
          title: 'Error',
          description: 'Failed to capture lead. Please try again.',
          variant: 'destructive',
        }),
    });
  }

  return (
    <>
      <PageHeader
        title="Smart Lead Capture"
        description="Capture a lead; the AI qualification score updates as you type."
      />
      <Layout>
        <form onSubmit={submit} aria-label="Lead capture form">
          <Section aria-labelledby={`${ids}-personal`}>
            <h3 id={`${ids}-personal`}>Personal Information</h3>
            <div className="pair">
              {text(
                'first_name',
                <>
                  First Name
                  <Required />
                </>,
                { required: true, autoComplete: 'given-name' },
              )}
              {text(
                'last_name',
                <>
                  Last Name
                  <Required />
                </>,
                { required: true, autoComplete: 'family-name' },
              )}
              {text(
                'email',
                <>
                  Email
                  <Required />
                </>,
                { type: 'email', required: true, autoComplete: 'email' },
              )}
              {text('phone', 'Phone', { type: 'tel', autoComplete: 'tel' })}
              {text('position', 'Job Title', { autoComplete: 'organization-title' })}
            </div>
          </Section>
          <Section aria-labelledby={`${ids}-company`}>
            <h3 id={`${ids}-company`}>Company Information</h3>
            <div className="pair">
              {text('company', 'Company', { autoComplete: 'organization' })}
              {text('website', 'Website', { type: 'url', placeholder: 'https://www.example.com' })}
              {choice('industry', 'Industry', 'Select industry', INDUSTRIES, INDUSTRY_LABELS)}
              {choice(
                'company_size',
                'Company Size',
                'Select company size',
                COMPANY_SIZES,
                COMPANY_SIZE_LABELS,
              )}
            </div>
          </Section>
          <Section aria-labelledby={`${ids}-project`}>
            <h3 id={`${ids}-project`}>Project Information</h3>
            <div className="pair">
              {choice(
                'budget_range',
                'Budget Range',
                'Select budget range',
                BUDGET_RANGES,
                BUDGET_RANGE_LABELS,
              )}
              {choice('timeline', 'Timeline', 'Select timeline', TIMELINES, TIMELINE_LABELS)}
              {choice(
                'lead_source',
                'Lead Source',
                'How did they find us?',
                LEAD_SOURCES,
                LEAD_SOURCE_LABELS,
              )}
            </div>
            {area('pain_points', 'Pain Points', 'What problems are they trying to solve?')}
            {area('notes', 'Notes', 'Anything else worth knowing')}
          </Section>
          <Footer>
            {canWrite ? null : <span role="note">{READ_ONLY_NOTE}</span>}
            <Button type="submit" disabled={capture.isPending || !canWrite}>
              {capture.isPending ? 'Processing...' : 'Capture Lead'}
            </Button>
            <Button
              variant="secondary"
              onClick={() => setValues(EMPTY_CAPTURE_FORM)}
              disabled={capture.isPending}
            >
              Clear
            </Button>
            {captured ? (
              <span role="status">
                Captured {captured.name}. <Link to={leadPath(captured.id)}>View lead</Link>
              </span>
            ) : null}
          </Footer>
        </form>
        <QualificationScorePanel score={score} />
      </Layout>
    </>
  );
}
