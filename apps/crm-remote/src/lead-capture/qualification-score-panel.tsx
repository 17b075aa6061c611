import {
  CAPTURE_AUTO_ACTION_LABELS,
  type CaptureBadge,
  type CaptureScore,
  type ScoreColour,
} from '@tessera/data-access/contracts';
import { Badge, type BadgeTone, Card, Progress } from '@tessera/ui';
import styled from 'styled-components';

const COLOURS: Record<ScoreColour, string> = {
  green: '#1b7f3b',
  yellow: '#a15c00',
  orange: '#c2410c',
  red: '#c62828',
};

const BADGE_TONE: Record<CaptureBadge, BadgeTone> = {
  'Hot Lead': 'destructive',
  'Warm Lead': 'warning',
  Qualified: 'primary',
  'Cold Lead': 'neutral',
};

const Panel = styled(Card)`
  position: sticky;
  top: ${({ theme }) => theme.space(4)};
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(3)};
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.lg}; }
  h4 { margin: 0; font-size: ${({ theme }) => theme.font.size.md}; }
  .overall { display: flex; align-items: baseline; gap: 6px; }
  .overall strong { font-size: 40px; line-height: 1; }
  .sub > div { display: flex; justify-content: space-between; font-size: ${({ theme }) => theme.font.size.sm}; margin-bottom: 4px; }
  ul { margin: 0; padding-left: 20px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const SUB_SCORES = [
  { key: 'demographic', label: 'Demographic Fit' },
  { key: 'formCompletion', label: 'Form Completion' },
  { key: 'companyProfile', label: 'Company Profile' },
  { key: 'intent', label: 'Purchase Intent' },
] as const;

/** The live AI Qualification Score (docs/product/lead-scoring.md#capture-score), from the shared captureScore(). */
export function QualificationScorePanel({ score }: { score: CaptureScore }) {
  return (
    <Panel aria-label="AI Qualification Score">
      <h3>AI Qualification Score</h3>
      <div className="overall" aria-live="polite">
        <strong style={{ color: COLOURS[score.colour] }} data-testid="overall-score">
          {score.total}
        </strong>
        <span>/100</span>
        <Badge $tone={BADGE_TONE[score.badge]}>{score.badge}</Badge>
      </div>
      {SUB_SCORES.map(({ key, label }) => (
        <div className="sub" key={key}>
          <div>
            <span>{label}</span>
            <strong>{score[key]}%</strong>
          </div>
          <Progress label={label} value={score[key]} />
        </div>
      ))}
      <h4>Auto Actions</h4>
      {score.autoActions.length === 0 ? (
        <p>No automatic actions below a score of 40.</p>
      ) : (
        <ul aria-label="Auto Actions">
          {score.autoActions.map((action) => (
            <li key={action}>{CAPTURE_AUTO_ACTION_LABELS[action]}</li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
