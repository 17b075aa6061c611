import { createHash } from 'node:crypto';
import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

/** Where answers go and which conversation a message continues (RFC 5322 Reply-To, In-Reply-To, References). */
export interface MailThreading {
  replyTo?: string;
  inReplyTo?: string;
  references?: string[];
}

/**
 * The Message-ID the transport gives an outbox row: stable per row, so a receiving server can drop
 * a redelivered copy and a reply's thread knows its id before it is sent.
 */
export function outboxMessageId(outboxId: string, publicUrl: string): string {
  const domain = new URL(publicUrl).hostname || 'tessera.localhost';
  return `<${outboxId}@${domain}>`;
}

export interface OutgoingMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers?: Record<string, string>;
  attachments?: Array<{ fileName: string; contentType: string; content: Buffer }>;
  threading?: MailThreading;
}

/**
 * A person's own SMTP server (a connected mailbox's settings), read when a message is sent: the
 * message goes From their address through it. The password is already opened and is never logged.
 */
export interface MailboxSmtpRoute {
  mailboxId: string;
  host: string;
  port: number;
  /** TLS from the first byte (465); false: STARTTLS when the server offers it, else plain. */
  tls: boolean;
  username: string;
  password: string;
  from: string;
}

/** Raised for an answer the server will never change its mind about (5xx): no retry. */
export class PermanentMailError extends Error {}

/**
 * The SMTP connection (nodemailer) configured by SMTP_URL. Without it there is no transport and
 * messages are kept in the outbox for the Outbox page.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter | null;
  /** One pooled-free transport per mailbox, rebuilt when its settings or password change. */
  private readonly mailboxTransports = new Map<string, { fingerprint: string; transporter: Transporter }>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transporter = config.smtpUrl ? createTransport(config.smtpUrl, { from: config.mailFrom }) : null;
  }

  get configured(): boolean {
    return this.transporter !== null;
  }

  /** Sends through the default server (From MAIL_FROM), or through `route` From the person's address. */
  async send(mail: OutgoingMail, route: MailboxSmtpRoute | null = null): Promise<void> {
    const transporter = route ? this.mailboxTransport(route) : this.transporter;
    if (!transporter) throw new Error('No SMTP server is configured');
    try {
      await transporter.sendMail({
        from: route?.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        messageId: outboxMessageId(mail.messageId, this.config.publicUrl),
        headers: mail.headers,
        attachments: mail.attachments?.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: file.content,
        })),
        // From is the person's own address already: answers come back to it without Reply-To.
        replyTo: route ? undefined : mail.threading?.replyTo,
        inReplyTo: mail.threading?.inReplyTo,
        references: mail.threading?.references,
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500) throw new PermanentMailError((error as Error).message);
      throw error;
    }
  }

  private mailboxTransport(route: MailboxSmtpRoute): Transporter {
    const fingerprint = createHash('sha256')
      .update(JSON.stringify([route.host, route.port, route.tls, route.username, route.password, route.from]))
      .digest('base64');
    const cached = this.mailboxTransports.get(route.mailboxId);
    if (cached?.fingerprint === fingerprint) return cached.transporter;
    cached?.transporter.close();
    const transporter = createTransport({
      host: route.host,
      port: route.port,
      secure: route.tls,
      auth: { user: route.username, pass: route.password },
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
    this.mailboxTransports.set(route.mailboxId, { fingerprint, transporter });
    return transporter;
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
    for (const { transporter } of this.mailboxTransports.values()) transporter.close();
    this.mailboxTransports.clear();
  }
}
