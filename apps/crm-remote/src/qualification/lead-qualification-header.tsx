import type { Lead } from '@tessera/data-access/contracts';
import { Badge, Card } from '@tessera/ui';
import styled from 'styled-components';
import { titleCase } from '../shared/lead-format';
import { LeadIdentity } from '../shared/lead-identity';

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

export interface LeadQualificationHeaderProps {
  lead: Lead;
}

/** Who is being qualified: name, company, position, qualification score and status. */
export function LeadQualificationHeader({ lead }: LeadQualificationHeaderProps) {
  return (
    <HeaderCard aria-label="Lead">
      <LeadIdentity lead={lead}>
        {lead.company || 'Unknown Company'} · {lead.position || 'Unknown Position'}
      </LeadIdentity>
      <div className="score">
        <strong>{lead.qualification_score ?? 0}%</strong>
        <span>Qualification score</span>
      </div>
      <Badge $tone="primary">{titleCase(lead.status)}</Badge>
    </HeaderCard>
  );
}
