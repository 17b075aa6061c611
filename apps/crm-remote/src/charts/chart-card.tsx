import type { ReactNode } from 'react';
import styled from 'styled-components';

const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(4)};
  min-width: 0;
  h3 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Empty = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  padding: ${({ theme }) => theme.space(10)} 0;
  margin: 0;
`;

/** A titled chart block; `empty` replaces the chart with its text. */
export function ChartCard({
  id,
  title,
  empty,
  children,
}: {
  id: string;
  title: string;
  empty?: string | null;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {empty ? <Empty>{empty}</Empty> : children}
    </Card>
  );
}
