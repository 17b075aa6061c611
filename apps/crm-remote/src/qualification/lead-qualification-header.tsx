import type { Lead } from '@tessera/data-access/contracts';
import { Badge } from '@tessera/ui';
import styled from 'styled-components';
import { titleCase } from '../shared/lead-format';
import { LeadHeadCard, LeadIdentity } from '../shared/lead-identity';

const HeaderCard = styled(LeadHeadCard)`
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
