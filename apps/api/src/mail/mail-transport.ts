import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../config/app-config';

export interface OutgoingMail {
  messageId: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  headers?: Record<string, string>;
  attachments?: Array<{ fileName: string; contentType: string; content: Buffer }>;
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
    const domain = new URL(this.config.publicUrl).hostname || 'tessera.localhost';
    try {
      await this.transporter.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html ?? undefined,
        // A stable Message-ID per outbox row: a receiving server can drop a redelivered copy.
        messageId: `<${mail.messageId}@${domain}>`,
        headers: mail.headers,
        attachments: mail.attachments?.map((file) => ({
          filename: file.fileName,
          contentType: file.contentType,
          content: file.content,
        })),
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
