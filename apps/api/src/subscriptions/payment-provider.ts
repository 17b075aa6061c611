import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import {
  cardBrand,
  normaliseCardNumber,
  PAYMENT_DECLINE_MESSAGES,
  type PaymentCardInput,
  passesLuhnCheck,
  TEST_CARDS,
} from '@tessera/data-access/contracts';

export interface ChargeRequest {
  amountCents: number;
  currency: string;
  card: PaymentCardInput;
  description: string;
  /** Passed on to the provider so that it, too, charges a retried request once. */
  idempotencyKey?: string;
}

export type ChargeResult =
  | { approved: true; chargeId: string; brand: string; last4: string }
  | {
      approved: false;
      code: keyof typeof PAYMENT_DECLINE_MESSAGES;
      message: string;
      brand: string;
      last4: string;
    };

export type RefundResult = { refunded: true; refundId: string } | { refunded: false; message: string };

/**
 * What Tessera needs from a payment provider. A real provider (Stripe, Adyen …) implements this
 * and is bound in SubscriptionsModule when PAYMENT_PROVIDER names it; the built-in test provider
 * only with PAYMENT_PROVIDER=test.
 */
export abstract class PaymentProvider {
  abstract charge(request: ChargeRequest): Promise<ChargeResult>;
  abstract refund(chargeId: string, amountCents: number): Promise<RefundResult>;
}

export function isExpired(card: Pick<PaymentCardInput, 'exp_month' | 'exp_year'>, now = new Date()): boolean {
  const year = card.exp_year < 100 ? 2000 + card.exp_year : card.exp_year;
  // A card is valid through the last day of its expiry month.
  return (
    year < now.getUTCFullYear() || (year === now.getUTCFullYear() && card.exp_month < now.getUTCMonth() + 1)
  );
}

/** The built-in provider: the usual test card numbers decide the outcome; no money moves. */
@Injectable()
export class TestPaymentProvider extends PaymentProvider {
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const digits = normaliseCardNumber(request.card.number);
    const brand = cardBrand(digits);
    const last4 = digits.slice(-4).padStart(4, '0');
    const decline = (code: keyof typeof PAYMENT_DECLINE_MESSAGES): ChargeResult => ({
      approved: false,
      code,
      message: PAYMENT_DECLINE_MESSAGES[code],
      brand,
      last4,
    });
    if (!passesLuhnCheck(digits)) return decline('invalid_number');
    if (isExpired(request.card)) return decline('expired');
    const known = TEST_CARDS.find((card) => normaliseCardNumber(card.number) === digits);
    if (known && known.outcome !== 'approved') return decline(known.outcome);
    return { approved: true, chargeId: `test_ch_${randomBytes(8).toString('hex')}`, brand, last4 };
  }

  async refund(chargeId: string): Promise<RefundResult> {
    return { refunded: true, refundId: `test_re_${chargeId.slice(-8)}` };
  }
}
