import { type ActionConfig, configNumber } from './action-config';

/** A `score_threshold` workflow without a configured min_score fires from this score. */
export const DEFAULT_MIN_SCORE = 80;

/** The scores a lead carries; the capture score, when there is one, is the fresher. */
export interface ScoredLead {
  lead_score: number | string | null;
  qualification_score: number | string | null;
}

/** The score thresholds compare: the capture score when there is one, else the lead score. */
export function leadScore(lead: ScoredLead): number {
  return Number(lead.qualification_score ?? lead.lead_score ?? 0);
}

/**
 * Why a lead does not reach a workflow's score threshold (its `trigger_config.min_score`, 80
 * unless configured), or null when it does.
 */
export function belowThreshold(triggerConfig: ActionConfig, lead: ScoredLead): string | null {
  const min = configNumber(triggerConfig, 'min_score') ?? DEFAULT_MIN_SCORE;
  const score = leadScore(lead);
  return score < min ? `Score ${score} is below ${min}` : null;
}
