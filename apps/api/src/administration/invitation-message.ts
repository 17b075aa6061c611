import { formatUtcInstant, type InstitutionRole, roleLabel } from '@tessera/data-access/contracts';

export interface InvitationMessageFacts {
  institutionName: string;
  role: InstitutionRole;
  inviterName: string;
  inviterEmail: string;
  link: string;
  expiresAt: Date;
}

/** The invitation e-mail: who invites, to which institution, with which role, the link and its expiry. */
export function invitationMessage(facts: InvitationMessageFacts): { subject: string; text: string } {
  return {
    subject: `${facts.inviterName} invited you to ${facts.institutionName} on Tessera`,
    text: [
      'Hello,',
      `${facts.inviterName} (${facts.inviterEmail}) invited you to join ${facts.institutionName} on Tessera as ${roleLabel(facts.role)}.`,
      `Accept the invitation: ${facts.link}`,
      `The link works once and expires on ${formatUtcInstant(facts.expiresAt)}. If you already have a Tessera account with this e-mail, you will sign in to accept; otherwise you will create your account.`,
      'If you did not expect this invitation, you can ignore this message.',
    ].join('\n\n'),
  };
}
