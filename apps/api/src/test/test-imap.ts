import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import { ImapFlow } from 'imapflow';

export const DOVECOT_PATH = process.env.DOVECOT_PATH ?? '/usr/sbin/dovecot';
const DOVEADM_PATH = process.env.DOVEADM_PATH ?? '/usr/bin/doveadm';

export interface TestImapUser {
  username: string;
  password: string;
}

export interface TestImapServer {
  host: string;
  port: number;
  /** Adds a user (and its password) to the passwd-file; Dovecot reads it on each login. */
  addUser(username: string, password: string): TestImapUser;
  /** IMAP APPEND of a raw RFC 5322 message into `folder` (`INBOX`, `Sent`). */
  append(user: TestImapUser, raw: string, folder?: string, date?: Date): Promise<void>;
  /** Many messages in one connection (a mailbox with history). */
  appendMany(user: TestImapUser, raws: readonly string[], folder?: string): Promise<void>;
  /**
   * Many messages written straight into the user's Inbox maildir, each with its date as the arrival
   * date: a large mailbox in seconds (the bench), where APPEND takes minutes. Dovecot indexes them at
   * the next login that opens the Inbox.
   */
  deliverMany(user: TestImapUser, messages: ReadonlyArray<{ raw: string; date: Date }>): void;
  /** Gives a folder a new UIDVALIDITY, as a server does when it renumbers a mailbox. */
  changeUidValidity(user: TestImapUser, folder: string, uidValidity: number): void;
  /** Stops Dovecot and removes its folder. */
  close(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

function userId(name: string): { uid: number; gid: number } | null {
  const found = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const group = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  if (found.status !== 0 || group.status !== 0) return null;
  return { uid: Number(found.stdout.trim()), gid: Number(group.stdout.trim()) };
}

async function listening(port: number, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const greeted = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port });
      socket.once('data', (chunk) => {
        socket.destroy();
        resolve(chunk.toString().startsWith('* OK'));
      });
      socket.once('error', () => resolve(false));
    });
    if (greeted) return;
    if (Date.now() > deadline) throw new Error(`Dovecot did not answer on port ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * A real IMAP server for tests: Debian's Dovecot as a plain process with its own configuration in a
 * temporary folder, its own port, users from a passwd-file and maildir storage, no TLS. Dovecot's
 * login processes refuse to run as root, so under root they run as its own `dovenull`/`dovecot`
 * users (which must reach the folder); otherwise everything runs as the current user.
 */
export async function startTestImapServer(): Promise<TestImapServer> {
  const dir = mkdtempSync('/tmp/tessera-imap-');
  chmodSync(dir, 0o755);
  const port = await freePort();
  const root = process.getuid?.() === 0;
  const me = userInfo().username;
  const mailOwner = root ? userId('dovecot') : { uid: process.getuid?.() ?? 0, gid: process.getgid?.() ?? 0 };
  if (!mailOwner) throw new Error('Dovecot runs as root only with its dovecot user present');
  const mailDir = join(dir, 'mail');
  mkdirSync(mailDir);
  chownSync(mailDir, mailOwner.uid, mailOwner.gid);
  const usersFile = join(dir, 'users');
  const users: string[] = [];
  writeFileSync(usersFile, '');
  const configFile = join(dir, 'dovecot.conf');
  writeFileSync(
    configFile,
    `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = tessera-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
auth_failure_delay = 0
default_login_user = ${root ? 'dovenull' : me}
default_internal_user = ${root ? 'dovecot' : me}
first_valid_uid = ${Math.min(mailOwner.uid, 100)}
first_valid_gid = ${Math.min(mailOwner.gid, 100)}
mail_location = maildir:${mailDir}/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${usersFile}
}
userdb {
  driver = static
  args = uid=${mailOwner.uid} gid=${mailOwner.gid} home=${mailDir}/%u
}
namespace inbox {
  inbox = yes
  separator = /
  mailbox Sent {
    special_use = \\Sent
    auto = subscribe
  }
  mailbox Drafts {
    special_use = \\Drafts
    auto = subscribe
  }
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service anvil {
  chroot =
}
service stats {
  unix_listener stats-reader {
    mode = 0666
  }
  unix_listener stats-writer {
    mode = 0666
  }
}
`,
  );
  const child: ChildProcess = spawn(DOVECOT_PATH, ['-F', '-c', configFile], { stdio: 'ignore' });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await listening(port, 15_000);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }

  const connect = async (user: TestImapUser): Promise<ImapFlow> => {
    const client = new ImapFlow({
      host: '127.0.0.1',
      port,
      secure: false,
      auth: { user: user.username, pass: user.password },
      logger: false,
    });
    await client.connect();
    return client;
  };

  return {
    host: '127.0.0.1',
    port,
    addUser(username, password) {
      users.push(`${username}:{PLAIN}${password}`);
      writeFileSync(usersFile, `${users.join('\n')}\n`);
      return { username, password };
    },
    async append(user, raw, folder = 'INBOX', date) {
      const client = await connect(user);
      try {
        await client.append(folder, raw, [], date);
      } finally {
        await client.logout();
      }
    },
    async appendMany(user, raws, folder = 'INBOX') {
      const client = await connect(user);
      try {
        for (const raw of raws) await client.append(folder, raw);
      } finally {
        await client.logout();
      }
    },
    deliverMany(user, messages) {
      const box = join(mailDir, user.username);
      for (const folder of [box, join(box, 'cur'), join(box, 'new'), join(box, 'tmp')]) {
        mkdirSync(folder, { recursive: true });
        chownSync(folder, mailOwner.uid, mailOwner.gid);
      }
      messages.forEach(({ raw, date }, index) => {
        // Maildir's unique name: time, a sequence number and the writer; Dovecot reads nothing else from it.
        const file = join(
          box,
          'new',
          `${Math.floor(date.getTime() / 1000)}.M${index}P${process.pid}.tessera-test`,
        );
        writeFileSync(file, raw);
        chownSync(file, mailOwner.uid, mailOwner.gid);
        utimesSync(file, date, date);
      });
    },
    changeUidValidity(user, folder, uidValidity) {
      const result = spawnSync(
        DOVEADM_PATH,
        [
          '-c',
          configFile,
          'mailbox',
          'update',
          '-u',
          user.username,
          '--uid-validity',
          String(uidValidity),
          folder,
        ],
        { encoding: 'utf8' },
      );
      if (result.status !== 0) throw new Error(`doveadm mailbox update failed: ${result.stderr}`);
    },
    async close() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
        if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A plain-text message with the headers a mail client writes. */
export function rawMessage(message: {
  from: string;
  to: string | string[];
  cc?: string[];
  subject: string;
  text: string;
  messageId: string;
  inReplyTo?: string;
  references?: string[];
  date?: Date;
}): string {
  const lines = [
    `From: ${message.from}`,
    `To: ${Array.isArray(message.to) ? message.to.join(', ') : message.to}`,
    ...(message.cc?.length ? [`Cc: ${message.cc.join(', ')}`] : []),
    `Subject: ${message.subject}`,
    `Message-ID: ${message.messageId}`,
    ...(message.inReplyTo ? [`In-Reply-To: ${message.inReplyTo}`] : []),
    ...(message.references?.length ? [`References: ${message.references.join(' ')}`] : []),
    `Date: ${(message.date ?? new Date()).toUTCString()}`,
    'MIME-Version: 1.0',
    'Content-Type: text/plain; charset=utf-8',
    '',
    message.text,
    '',
  ];
  return lines.join('\r\n');
}
