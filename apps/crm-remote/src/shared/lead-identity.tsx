import type { Lead } from '@tessera/data-access/contracts';
import { Avatar, Card } from '@tessera/ui';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { leadInitials, leadName } from './lead-format';

/** The card at the head of a lead's pages: its identity, then what the page adds, wrapping on a narrow screen. */
export const LeadHeadCard = styled(Card)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(4)};
  align-items: center;
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 { margin: 0; font-size: ${({ theme }) => theme.font.size.xl}; }
  p { margin: 2px 0 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** A lead's avatar and name over one line about them (each screen words and orders that line). */
export function LeadIdentity({ lead, children }: { lead: Lead; children: ReactNode }) {
  return (
    <>
      <Avatar name={leadName(lead)} initials={leadInitials(lead)} size={56} />
      <div>
        <h3>{leadName(lead)}</h3>
        <p>{children}</p>
      </div>
    </>
  );
}
