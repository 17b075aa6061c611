import { Card } from '@tessera/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';

export const TileGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  /* min(…, 100%): on a phone one tile takes the whole row instead of pushing past it. */
  grid-template-columns: repeat(auto-fit, minmax(min(160px, 100%), 1fr));
  margin-bottom: ${({ theme }) => theme.space(5)};
`;

const Tile = styled(Card)`
  min-width: 0;
  overflow-wrap: anywhere;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space(1)};
  padding: ${({ theme }) => theme.space(4)};
  h3 { font-size: ${({ theme }) => theme.font.size.sm}; color: ${({ theme }) => theme.colors.textMuted}; font-weight: 600; }
  strong { font-size: ${({ theme }) => theme.font.size.xxl}; }
  p { margin: 0; font-size: ${({ theme }) => theme.font.size.xs}; color: ${({ theme }) => theme.colors.textMuted}; }
`;

export interface StatTileProps {
  label: string;
  value: ReactNode;
  hint?: ReactNode;
}

/** One figure with its label; the label names the region for screen readers. */
export function StatTile({ label, value, hint }: StatTileProps) {
  return (
    <Tile aria-label={label}>
      <h3>{label}</h3>
      <strong>{value}</strong>
      {hint ? <p>{hint}</p> : null}
    </Tile>
  );
}

/**
 * Figures as a description list of tiles, each a `<div>` holding its `<dt>` label and `<dd>` value.
 * Set the columns, the space below and the value's size where it is used.
 */
export const FigureTiles = styled.dl`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  div {
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.lg};
    padding: ${({ theme }) => theme.space(4)};
  }
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
  dd { margin: 4px 0 0; font-weight: 700; }
`;
