/** Card numbers as people type them (spaces, dashes) reduced to their digits. */
export function normaliseCardNumber(cardNumber: string): string {
  return cardNumber.replace(/[\s-]/g, '');
}

/**
 * The Luhn checksum every card number carries: the billing form catches a typo with it before
 * anything is sent, and the payment provider refuses such a number the same way.
 */
export function passesLuhnCheck(cardNumber: string): boolean {
  const digits = normaliseCardNumber(cardNumber);
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
