import { type PaymentCardInput, TEST_CARDS } from '@tessera/data-access/contracts';
import { TextField } from '@tessera/ui';
import styled from 'styled-components';

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr 1fr 1fr;
  gap: ${({ theme }) => theme.space(3)};
`;

export interface CardFields {
  number: string;
  expiry: string;
  cvc: string;
}

export const EMPTY_CARD: CardFields = { number: '', expiry: '', cvc: '' };

/** `12/34` or `12/2034` → month and four-digit year; null when it is not a date. */
export function parseExpiry(expiry: string): { exp_month: number; exp_year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!match) return null;
  const month = Number(match[1]);
  const year = Number(match[2]);
  if (month < 1 || month > 12) return null;
  return { exp_month: month, exp_year: year < 100 ? 2000 + year : year };
}

export function toCardInput(fields: CardFields): PaymentCardInput | null {
  const expiry = parseExpiry(fields.expiry);
  if (!expiry) return null;
  return { number: fields.number.trim(), cvc: fields.cvc.trim(), ...expiry };
}

/** The card fields; the test provider's numbers are listed beside them. */
export function CardForm({ value, onChange }: { value: CardFields; onChange: (value: CardFields) => void }) {
  return (
    <>
      <TextField
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
        required
        value={value.number}
        onChange={(event) => onChange({ ...value, number: event.target.value })}
      />
      <Row>
        <TextField
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/34"
          required
          value={value.expiry}
          onChange={(event) => onChange({ ...value, expiry: event.target.value })}
        />
        <TextField
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
          required
          value={value.cvc}
          onChange={(event) => onChange({ ...value, cvc: event.target.value })}
        />
      </Row>
    </>
  );
}

export function TestCardList() {
  return (
    <details>
      <summary>Test cards (test payment provider)</summary>
      <ul>
        {TEST_CARDS.map((card) => (
          <li key={card.number}>
            <code>{card.number}</code> — {card.label}
          </li>
        ))}
      </ul>
    </details>
  );
}
