import { runPaymentTest } from '@tessera/data-access/client';
import { type PaymentTestResult, passesLuhnCheck, TEST_CARDS } from '@tessera/data-access/contracts';
import { Badge, Button, PageHeader, TextField, TitledCard } from '@tessera/ui';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { errorMessage } from '../shared/error-message';
import { CardForm, type CardFields, toCardInput } from '../shared/card-form';

/**
 * Development only (docs/product/subscriptions.md): exercises the built-in test payment provider through the API with
 * the test card numbers. Charges nothing and changes no plan. Production builds drop this page.
 */
export default function PaymentTestPage() {
  const [card, setCard] = useState<CardFields>({
    number: '4242 4242 4242 4242',
    expiry: '12/34',
    cvc: '123',
  });
  const [amount, setAmount] = useState('79.00');
  const [localError, setLocalError] = useState<string | null>(null);
  const payment = useMutation({ mutationFn: runPaymentTest });
  const result: PaymentTestResult | undefined = payment.data;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = toCardInput(card);
    const cents = Math.round(Number(amount) * 100);
    if (!input) return setLocalError('Enter the expiry as MM/YY.');
    if (!Number.isFinite(cents) || cents < 0) return setLocalError('Enter an amount such as 79.00.');
    if (!passesLuhnCheck(input.number))
      setLocalError('This number fails the Luhn check: the provider will refuse it.');
    else setLocalError(null);
    payment.mutate({ card: input, amount_cents: cents });
  }

  return (
    <>
      <PageHeader
        title="Payment Test"
        description="Development only: runs the test payment provider; no money moves and no plan changes."
        breadcrumbs={[
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Subscription' },
          { label: 'Payment Test' },
        ]}
      />
      <TitledCard title="Test payment" aria-label="Test payment" style={{ maxWidth: 560 }}>
        <form onSubmit={onSubmit}>
          <CardForm value={card} onChange={setCard} />
          <TextField label="Amount (USD)" inputMode="decimal" value={amount} onValueChange={setAmount} />
          <Button type="submit" disabled={payment.isPending}>
            {payment.isPending ? 'Running…' : 'Run test payment'}
          </Button>
        </form>
        <div role="status" aria-live="polite">
          {localError ? <p>{localError}</p> : null}
          {result ? (
            <p>
              <Badge $tone={result.approved ? 'success' : 'destructive'}>
                {result.approved ? 'Approved' : 'Declined'}
              </Badge>{' '}
              {result.message}
            </p>
          ) : null}
          {payment.isError ? <p>{errorMessage(payment.error, 'The test payment failed.')}</p> : null}
        </div>
      </TitledCard>
      <TitledCard title="Test cards" aria-label="Test cards" style={{ maxWidth: 560, marginTop: 24 }}>
        <ul>
          {TEST_CARDS.map((testCard) => (
            <li key={testCard.number}>
              <Button
                size="sm"
                variant="ghost"
                onClick={() => setCard({ ...card, number: testCard.number })}
                aria-label={`Use ${testCard.label}: ${testCard.number}`}
              >
                {testCard.number}
              </Button>{' '}
              {testCard.label}
            </li>
          ))}
        </ul>
      </TitledCard>
    </>
  );
}
