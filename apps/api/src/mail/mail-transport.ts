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

/** Raised for an answer the server will never change its mind about (5xx): no retry. */
export class PermanentMailError extends Error {}

/**
 * The SMTP connection (nodemailer) configured by SMTP_URL. Without it there is no transport and
 * messages are kept in the outbox for the Outbox page.
 */
@Injectable()
export class MailTransport implements OnApplicationShutdown {
  private readonly transporter: Transporter | null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {
    this.transporter = config.smtpUrl ? createTransport(config.smtpUrl, { from: config.mailFrom }) : null;
  }

  get configured(): boolean {
    return this.transporter !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transporter) throw new Error('No SMTP server is configured');
    try {
      await this.transporter.sendMail({
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
        replyTo: mail.threading?.replyTo,
        inReplyTo: mail.threading?.inReplyTo,
        references: mail.threading?.references,
      });
    } catch (error) {
      const code = (error as { responseCode?: number }).responseCode;
      if (code !== undefined && code >= 500) throw new PermanentMailError((error as Error).message);
      throw error;
    }
  }

  onApplicationShutdown(): void {
    this.transporter?.close();
  }
}
