import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * The key client secrets are sealed with: SSO_ENCRYPTION_KEY (32 bytes, base64 or hex), else one
 * derived from JWT_SECRET (HKDF-SHA-256), which every process already shares. Rotating either makes
 * stored secrets unreadable: owners enter them again.
 */
export function ssoEncryptionKey(env: NodeJS.ProcessEnv, jwtSecret: string): Buffer {
  const given = env.SSO_ENCRYPTION_KEY?.trim();
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('SSO_ENCRYPTION_KEY must be 32 bytes, in hex or base64');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'tessera', 'sso client secrets', 32));
}

/**
 * The key stored mailbox passwords are sealed with: MAILBOX_ENCRYPTION_KEY (32 bytes, base64 or
 * hex), else one derived from JWT_SECRET for that purpose alone. Rotating it: people enter their
 * mailbox passwords again (the mailbox shows the failure).
 */
export function mailboxEncryptionKey(env: NodeJS.ProcessEnv, jwtSecret: string): Buffer {
  const given = env.MAILBOX_ENCRYPTION_KEY?.trim();
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('MAILBOX_ENCRYPTION_KEY must be 32 bytes, in hex or base64');
    return key;
  }
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'tessera', 'mailbox passwords', 32));
}

/** AES-256-GCM: the stored text says nothing of the secret, and an altered one fails to open. */
export function sealSecret(key: Buffer, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function openSecret(key: Buffer, stored: string): string {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || !sealed) throw new Error('Unreadable client secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
