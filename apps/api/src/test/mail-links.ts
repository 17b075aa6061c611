import { linksInText, tokenFromFragment } from '@tessera/data-access/contracts';
import { queryTestDatabase } from './test-app';
import { eventually } from './test-smtp';

/** The one link of a message's text and the token its fragment carries. */
export function linkOf(text: string): { link: string; token: string } {
  const [link] = linksInText(text);
  if (!link) throw new Error(`no link in: ${text}`);
  const token = tokenFromFragment(new URL(link).hash);
  if (!token) throw new Error(`no token in ${link}`);
  return { link, token };
}

/** The newest message of this kind to this address, as the outbox keeps it (waits for it to exist). */
export async function latestOutboxMessage(
  recipient: string,
  kind: string,
): Promise<{
  id: string;
  text_body: string;
  status: string;
  transport: string | null;
  org_id: string | null;
}> {
  return eventually(async () => {
    const [row] = await queryTestDatabase<{
      id: string;
      text_body: string;
      status: string;
      transport: string | null;
      org_id: string | null;
    }>(
      `SELECT id, text_body, status, transport, org_id FROM mail_outbox
        WHERE recipient = $1 AND kind = $2 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [recipient, kind],
    );
    return row;
  });
}

/**
 * Waits until no invitation or reset message is still queued: a test app that closes with one
 * queued leaves its delivery to the next suite's app and mail server.
 */
export async function invitationAndResetMailsSettled(): Promise<void> {
  await eventually(async () => {
    const queued = await queryTestDatabase(
      "SELECT id FROM mail_outbox WHERE status = 'queued' AND kind IN ('invitation', 'password_reset')",
    );
    return queued.length === 0;
  }, 30_000);
}

/**
 * Waits until no message queued since `since` is still queued (a suite that sends several kinds): a
 * test app that closes with one queued leaves its delivery to the next suite's app and mail server.
 */
export async function outboxSettled(since: Date): Promise<void> {
  await eventually(async () => {
    const queued = await queryTestDatabase(
      "SELECT id FROM mail_outbox WHERE status = 'queued' AND created_at >= $1",
      [since],
    );
    return queued.length === 0;
  }, 30_000);
}
