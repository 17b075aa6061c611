import { linksInText } from '@tessera/data-access/contracts';
import { invitationMessage } from './invitation-message';

describe('the invitation e-mail', () => {
  it('says who invites, where, with which role, until when, and holds the one link', () => {
    const link = 'https://app.example/invitations/accept#token=abc_DEF-123';
    const message = invitationMessage({
      institutionName: 'Acme Corporation',
      role: 'viewer',
      inviterName: 'Dana Whitfield',
      inviterEmail: 'demo@acme.test',
      link,
      expiresAt: new Date('2026-11-30T09:05:00Z'),
    });
    expect(message.subject).toBe('Dana Whitfield invited you to Acme Corporation on Tessera');
    expect(message.text).toContain(
      'Dana Whitfield (demo@acme.test) invited you to join Acme Corporation on Tessera as Viewer.',
    );
    expect(message.text).toContain('expires on 30 November 2026, 09:05 UTC');
    expect(linksInText(message.text)).toEqual([link]);
  });
});
