import { Badge, type BadgeTone } from '@tessera/ui';
import type { ScoreBand } from '@tessera/data-access/contracts';

const BAND_TONE: Record<ScoreBand, BadgeTone> = { high: 'success', medium: 'warning', low: 'neutral' };

/** The Smart Leads score badge, coloured by band (high 80+, medium 50–79, low). */
export function ScoreBadge({ score, band }: { score: number; band: ScoreBand }) {
  return (
    <Badge $tone={BAND_TONE[band]} aria-label={`Score ${score}`}>
      {score}
    </Badge>
  );
}
