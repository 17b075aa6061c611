import { type PaymentCardInput, TEST_CARDS } from '@tessera/data-access/contracts';
import { TextField, type TextFieldProps } from '@tessera/ui';
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

type CardChange = (value: CardFields) => void;

/** A required input bound to one part of the card. */
function CardField({
  card,
  part,
  onChange,
  ...props
}: Omit<TextFieldProps, 'value' | 'onChange'> & {
  card: CardFields;
  part: keyof CardFields;
  onChange: CardChange;
}) {
  return (
    <TextField
      required
      value={card[part]}
      onValueChange={(text) => onChange({ ...card, [part]: text })}
      {...props}
    />
  );
}

/** The card fields; the test provider's numbers are listed beside them. */
export function CardForm({ value, onChange }: { value: CardFields; onChange: CardChange }) {
  return (
    <>
      <CardField
        card={value}
        part="number"
        onChange={onChange}
        label="Card number"
        inputMode="numeric"
        autoComplete="cc-number"
      />
      <Row>
        <CardField
          card={value}
          part="expiry"
          onChange={onChange}
          label="Expiry (MM/YY)"
          autoComplete="cc-exp"
          placeholder="12/34"
        />
        <CardField
          card={value}
          part="cvc"
          onChange={onChange}
          label="CVC"
          inputMode="numeric"
          autoComplete="cc-csc"
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
