import type { EmailMessage } from '@tessera/data-access/contracts';

/** "Ava Customer <ava@customer.test>", or the bare address when the message names no one. */
export function emailSender(message: Pick<EmailMessage, 'from_name' | 'from_address'>): string {
  const name = message.from_name?.trim();
  return name ? `${name} <${message.from_address}>` : message.from_address;
}

/** When a message was received, as the timelines show dates: "Nov 27, 2026, 3:04 PM". */
export function emailWhen(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}
