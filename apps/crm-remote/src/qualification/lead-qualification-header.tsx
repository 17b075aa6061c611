import type { Lead } from '@tessera/data-access/contracts';
import { Avatar, Badge, Card } from '@tessera/ui';
import styled from 'styled-components';
import { leadInitials, leadName, titleCase } from '../shared/lead-format';

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
      <Avatar name={leadName(lead)} initials={leadInitials(lead)} size={56} />
      <div>
        <h3>{leadName(lead)}</h3>
        <p>
          {lead.company || 'Unknown Company'} · {lead.position || 'Unknown Position'}
        </p>
      </div>
      <div className="score">
        <strong>{lead.qualification_score ?? 0}%</strong>
        <span>Qualification score</span>
      </div>
      <Badge $tone="primary">{titleCase(lead.status)}</Badge>
    </HeaderCard>
  );
}
