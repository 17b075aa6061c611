import { downloadQuotePdf, isApiError, saveFile } from '@tessera/data-access/client';
import {
  type Deal,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  type Quote,
  quoteLabel,
} from '@tessera/data-access/contracts';
import {
  useCreateQuote,
  useCurrentInstitutionId,
  useDealQuotes,
  useReviseQuote,
  useSendQuote,
} from '@tessera/data-access/hooks';
import {
  Actions,
  Badge,
  type BadgeTone,
  Button,
  Dialog,
  EmptyState,
  Switch,
  Textarea,
  TextField,
  FieldRow,
  Label,
  toast,
} from '@tessera/ui';
import { type FormEvent, useId, useState } from 'react';
import styled from 'styled-components';
import { ErrorText, Section, SectionHead } from './deal-detail-parts';
import { CrmQueryView } from '../shared/crm-query-view';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { money } from '../shared/selling-format';

const STATUS: Record<Quote['status'], { label: string; tone: BadgeTone }> = {
  draft: { label: 'Draft', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'primary' },
  accepted: { label: 'Accepted', tone: 'success' },
  declined: { label: 'Declined', tone: 'destructive' },
  superseded: { label: 'Superseded', tone: 'neutral' },
};

const QuoteList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    gap: ${({ theme }) => theme.space(3)};
    padding: ${({ theme }) => theme.space(2)} 0;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  strong { min-width: 10rem; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.font.size.sm}; }
`;

const NewQuote = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(3)};
  margin-top: ${({ theme }) => theme.space(4)};
  max-width: 36rem;
`;

const WIN_ON_ACCEPT = 'Mark the deal won when the customer accepts';

const WinChoice = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(2)};
`;

function inDays(days: number): string {
  return new Date(Date.now() + days * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
}

function failureText(failure: unknown, fallback: string): string {
  if (isApiError(failure) && (failure.status === 400 || failure.status === 409)) {
    const first = failure.errors ? Object.values(failure.errors).flat()[0] : undefined;
    return first ?? failure.message;
  }
  return fallback;
}

function SendQuoteDialog({
  quote,
  dealId,
  onClose,
}: {
  quote: Quote | null;
  dealId: string;
  onClose: () => void;
}) {
  const send = useSendQuote(dealId);
  const [to, setTo] = useState('');
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();
  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!quote) return;
    setError(null);
    if (!to.trim()) return setError('Recipient e-mail is required');
    try {
      await send.mutateAsync({
        id: quote.id,
        input: { to: to.trim(), ...(message.trim() ? { message } : {}) },
      });
      toast({ title: 'Quote sent', description: `${quoteLabel(quote)} to ${to.trim()}` });
      setTo('');
      setMessage('');
      onClose();
    } catch (failure) {
      setError(failureText(failure, 'Failed to send the quote'));
    }
  }
  return (
    <Dialog
      open={quote !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={quote ? `Send quote ${quoteLabel(quote)}` : 'Send quote'}
    >
      <form noValidate onSubmit={submit} aria-label="Send quote">
        <TextField label="Recipient e-mail" type="email" value={to} onValueChange={setTo} required />
        <FieldRow>
          <Label htmlFor={`${id}-message`}>Message</Label>
          <Textarea
            id={`${id}-message`}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
          />
        </FieldRow>
        {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        <Actions>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending…' : 'Send Quote'}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}

/**
 * Quotes tab of a deal (docs/adr/0019-products-and-quotes.md): make a quote from the deal's lines,
 * download its PDF, send it to the customer; a sent quote is revised into a new revision.
 */
export function DealQuotesTab({ deal }: { deal: Deal }) {
  const canWrite = useCrmCanWrite();
  const institutionId = useCurrentInstitutionId();
  const quotes = useDealQuotes(deal.id);
  const create = useCreateQuote(deal.id);
  const revise = useReviseQuote(deal.id);
  const [validUntil, setValidUntil] = useState(() => inDays(DEFAULT_QUOTE_VALIDITY_DAYS));
  const [terms, setTerms] = useState('');
  const [winOnAccept, setWinOnAccept] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState<Quote | null>(null);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    try {
      const quote = await create.mutateAsync({
        valid_until: validUntil,
        terms: terms.trim() || null,
        win_on_accept: winOnAccept,
      });
      toast({ title: 'Quote created', description: quote.number });
      setTerms('');
    } catch (failure) {
      setError(failureText(failure, 'Failed to create the quote'));
    }
  }

  async function download(quote: Quote) {
    try {
      const file = await downloadQuotePdf(institutionId, quote.id);
      saveFile(file.blob, file.filename ?? `${quote.number}.pdf`);
    } catch {
      toast({ title: 'Failed to download the PDF', variant: 'destructive' });
    }
  }

  async function onRevise(quote: Quote) {
    try {
      const next = await revise.mutateAsync({ id: quote.id, changes: {} });
      toast({ title: 'New revision', description: quoteLabel(next) });
    } catch (failure) {
      toast({ title: failureText(failure, 'Failed to revise the quote'), variant: 'destructive' });
    }
  }

  const rows = quotes.data ?? [];
  return (
    <Section aria-labelledby="deal-quotes-heading">
      <SectionHead>
        <h3 id="deal-quotes-heading">Quotes</h3>
      </SectionHead>
      <CrmQueryView
        query={quotes}
        loading="quotes"
        shown={rows}
        empty={<EmptyState title="No quotes yet" description="A quote is made from the deal's products." />}
      >
        {() => (
          <QuoteList aria-label="Deal quotes">
            {rows.map((quote) => {
              const label = quoteLabel(quote);
              return (
                <li key={quote.id}>
                  <strong>{label}</strong>
                  <Badge $tone={STATUS[quote.status].tone}>{STATUS[quote.status].label}</Badge>
                  <span>{money(quote.totals.amount, quote.currency)}</span>
                  <span>valid until {quote.valid_until}</span>
                  <Button
                    variant="secondary"
                    size="sm"
                    aria-label={`Download PDF of ${label}`}
                    onClick={() => void download(quote)}
                  >
                    Download PDF
                  </Button>
                  {canWrite && quote.status === 'draft' ? (
                    <Button size="sm" aria-label={`Send ${label}`} onClick={() => setSending(quote)}>
                      Send
                    </Button>
                  ) : null}
                  {canWrite && quote.status === 'sent' ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={`Revise ${label}`}
                      onClick={() => void onRevise(quote)}
                    >
                      Revise
                    </Button>
                  ) : null}
                </li>
              );
            })}
          </QuoteList>
        )}
      </CrmQueryView>
      {canWrite ? (
        <NewQuote noValidate onSubmit={submit} aria-label="New quote">
          <TextField label="Valid until" type="date" value={validUntil} onValueChange={setValidUntil} />
          <FieldRow>
            <Label htmlFor={`${id}-terms`}>Terms</Label>
            <Textarea id={`${id}-terms`} value={terms} onChange={(event) => setTerms(event.target.value)} />
          </FieldRow>
          <WinChoice>
            <Switch checked={winOnAccept} onCheckedChange={setWinOnAccept} label={WIN_ON_ACCEPT} />
            <span aria-hidden="true">{WIN_ON_ACCEPT}</span>
          </WinChoice>
          {error ? <ErrorText role="alert">{error}</ErrorText> : null}
          <Actions>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? 'Creating…' : 'Create Quote'}
            </Button>
          </Actions>
        </NewQuote>
      ) : null}
      <SendQuoteDialog quote={sending} dealId={deal.id} onClose={() => setSending(null)} />
    </Section>
  );
}
