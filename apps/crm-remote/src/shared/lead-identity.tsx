import type { Lead } from '@tessera/data-access/contracts';
import { Avatar } from '@tessera/ui';
import type { ReactNode } from 'react';
import { leadInitials, leadName } from './lead-format';

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
