import { BANT_CRITERIA, type Lead } from '@tessera/data-access/contracts';
import { useLeadQualification, useSaveLeadQualification } from '@tessera/data-access/hooks';
import { Button, Card, FieldRow, Label, Progress, Spinner, toast, AutoColumns } from '@tessera/ui';
import styled from 'styled-components';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { BANT_LABELS, bantSummary, toggleBant } from './qualification-logic';

const BANT_COLOURS = { green: '#1b7f3b', yellow: '#a15c00', red: '#c62828' } as const;

const BantGrid = styled(AutoColumns)`
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

/** BANT (docs/product/lead-qualification.md#bant): budget, authority, need and timing confirmed one by one, and the score they make. */
export function BantAssessmentTab({ lead }: { lead: Lead }) {
  const qualification = useLeadQualification(lead.id);
  const save = useSaveLeadQualification(lead.id);
  const canWrite = useCrmCanWrite();
  if (qualification.isLoading || !qualification.data) return <Spinner block label="Loading BANT" />;
  const bant = qualification.data.bant;
  const summary = bantSummary(bant);
  return (
    <>
      <BantGrid $min="220px" $gap={3}>
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
