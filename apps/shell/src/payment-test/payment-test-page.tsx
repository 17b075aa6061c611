import { Badge, Button, PageHeader, TextField, TitledCard } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import { passesLuhn } from './card-number';

/**
 * Development only (spec §2.2): lets developers check card input before the payment provider is
 * wired. Nothing leaves the browser.
 */
export default function PaymentTestPage() {
  const [cardNumber, setCardNumber] = useState('4242 4242 4242 4242');
  const [result, setResult] = useState<'valid' | 'invalid' | null>(null);

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setResult(passesLuhn(cardNumber) ? 'valid' : 'invalid');
  }

  return (
    <>
      <PageHeader
        title="Payment Test"
        description="Development only: checks a test card locally; no payment is made."
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Subscription' },
          { label: 'Payment Test' },
        ]}
      />
      <TitledCard title="Test card" aria-label="Test card" style={{ maxWidth: 480 }}>
        <form onSubmit={onSubmit}>
          <TextField
            label="Card number"
            inputMode="numeric"
            autoComplete="off"
            value={cardNumber}
            onChange={(event) => {
              setCardNumber(event.target.value);
              setResult(null);
            }}
          />
          <Button type="submit">Run test payment</Button>{' '}
          {result ? (
            <Badge role="status" $tone={result === 'valid' ? 'success' : 'destructive'}>
              {result === 'valid' ? 'Card number accepted' : 'Card number rejected'}
            </Badge>
          ) : null}
        </form>
      </TitledCard>
    </>
  );
}
