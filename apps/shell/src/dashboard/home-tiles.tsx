import { compactUsd, formatUsd, type HomeTileDefinition, homeTileLink } from '@tessera/data-access/contracts';
import { useCrmAnalytics, useHomeTile } from '@tessera/data-access/hooks';
import { Card, Spinner, TextLink } from '@tessera/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { last30Days } from './kpi-cards';

const TileCard = styled(Card)`
  height: 100%;
  display: grid;
  gap: 4px;
  h4 { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; font-weight: 600; }
  .value { font-size: ${({ theme }) => theme.font.size.xxl}; font-weight: 700; }
  .failed { color: ${({ theme }) => theme.colors.destructive}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const TileLink = styled(TextLink)`
  font-size: ${({ theme }) => theme.font.size.sm};
`;

const count = new Intl.NumberFormat('en-US');

interface TileFrameProps {
  label: string;
  to: string;
  /** Where the link leads, in words ("Open invoices in Finance"). */
  linkText: string;
  state: { pending: boolean; error: Error | null; value: string | null };
}

/** One tile: its own spinner, its own failure, its own link. */
function TileFrame({ label, to, linkText, state }: TileFrameProps) {
  let body: ReactNode;
  if (state.pending) body = <Spinner label={`Loading ${label}`} />;
  else if (state.error)
    body = (
      <p className="failed" role="alert">
        Could not load {label.toLowerCase()}: {state.error.message}
      </p>
    );
  else body = <p className="value">{state.value}</p>;
  return (
    <TileCard as="article" aria-label={label}>
      <h4>{label}</h4>
      {body}
      <TileLink to={to}>{linkText}</TileLink>
    </TileCard>
  );
}

/** A records module's tile, computed by the API for this tile alone. */
export function RecordsTile({ tile, moduleName }: { tile: HomeTileDefinition; moduleName: string }) {
  const query = useHomeTile(tile.moduleId, tile.id);
  const value = query.data
    ? query.data.format === 'money'
      ? formatUsd(query.data.value)
      : count.format(query.data.value)
    : null;
  return (
    <TileFrame
      label={tile.label}
      to={homeTileLink(tile)}
      linkText={`Open in ${moduleName}`}
      state={{ pending: query.isPending, error: query.error, value }}
    />
  );
}

/**
 * The CRM's pipeline value and won deals of the last 30 days, from its analytics (typed by the
 * contract: a period without won deals answers 0, which the tile shows as 0).
 */
export function CrmTiles() {
  const range = last30Days();
  const analytics = useCrmAnalytics(range.start, range.end, true);
  const tile = (
    label: string,
    key: 'pipeline_value' | 'won_count',
    format: (n: number) => string,
    to: string,
  ) => (
    <li key={key}>
      <TileFrame
        label={label}
        to={to}
        linkText="Open in CRM"
        state={{
          pending: analytics.isPending,
          error: analytics.error,
          value: analytics.data ? format(Number(analytics.data[key]) || 0) : null,
        }}
      />
    </li>
  );
  return (
    <>
      {tile('Pipeline value', 'pipeline_value', compactUsd, '/modules/crm/deals')}
      {tile('Won deals (30 days)', 'won_count', (n) => count.format(n), '/modules/crm/analytics')}
    </>
  );
}
