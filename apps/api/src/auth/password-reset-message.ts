import { formatUtcInstant } from '@tessera/data-access/contracts';

/** The reset e-mail: the link, how long it works, and what to do when the request was not yours. */
export function passwordResetMessage(facts: { email: string; link: string; expiresAt: Date }): {
  subject: string;
  text: string;
} {
  return {
    subject: 'Reset your Tessera password',
    text: [
      'Hello,',
      `Someone asked to reset the password of the Tessera account ${facts.email}. To choose a new password, open this link:`,
      facts.link,
      `The link works once and expires on ${formatUtcInstant(facts.expiresAt)}. Choosing a new password signs the account out everywhere else.`,
      'If you did not ask for this, ignore this message: your password stays as it is.',
    ].join('\n\n'),
  };
}
