import { isApiError } from '@tessera/data-access/client';
import {
  type Deal,
  type DealLineItem,
  LINE_RECURRENCES,
  type LineRecurrence,
  type Product,
} from '@tessera/data-access/contracts';
import {
  useAddLineItem,
  useLineItems,
  useProducts,
  useRemoveLineItem,
  useUpdateLineItem,
} from '@tessera/data-access/hooks';
import { Actions, Button, DataTable, EmptyState, Input, Select, TextField, toast } from '@tessera/ui';
import { type FormEvent, useState } from 'react';
import styled from 'styled-components';
import { ErrorText, Section, SectionHead } from './deal-detail-parts';
import { CrmQueryView } from '../shared/crm-query-view';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { money, RECURRENCE_LABELS, typedNumber } from '../shared/selling-format';

const FREE_LINE = 'free';

const AddForm = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(140px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
  margin-top: ${({ theme }) => theme.space(4)};
`;

const Totals = styled.dl`
  display: grid;
  grid-template-columns: max-content max-content;
  justify-content: end;
  gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)};
  margin: ${({ theme }) => theme.space(3)} 0 0;
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; font-weight: 600; text-align: right; }
`;

const QuantityInput = styled(Input)`
  width: 6rem;
`;

function priceIn(product: Product | undefined, currency: string): string {
  const price = product?.prices.find((entry) => entry.currency === currency);
  return price ? String(price.unit_price) : '';
}

/** The first field message of a 400, or a general one. */
function failureText(failure: unknown, fallback: string): string {
  if (isApiError(failure) && failure.status === 400) {
    const first = failure.errors ? Object.values(failure.errors).flat()[0] : undefined;
    if (first) return first;
  }
  return fallback;
}

/** One line's quantity, changed where it stands (Enter or leaving the field saves it). */
function LineQuantity({ line, dealId, disabled }: { line: DealLineItem; dealId: string; disabled: boolean }) {
  const update = useUpdateLineItem(dealId);
  const [text, setText] = useState(String(line.quantity));
  async function save() {
    const quantity = typedNumber(text);
    if (quantity === null || quantity === line.quantity) {
      setText(String(line.quantity));
      return;
    }
    try {
      await update.mutateAsync({ id: line.id, changes: { quantity } });
    } catch (failure) {
      setText(String(line.quantity));
      toast({ title: failureText(failure, 'Failed to update the line'), variant: 'destructive' });
    }
  }
  return (
    <QuantityInput
      aria-label={`Quantity of ${line.name}`}
      inputMode="decimal"
      value={text}
      disabled={disabled}
      onChange={(event) => setText(event.target.value)}
      onBlur={() => void save()}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          void save();
        }
      }}
    />
  );
}

/**
 * Products tab of a deal (docs/adr/0019-products-and-quotes.md): its line items, their amounts as the
 * server computed them, and the deal's amount derived from them; recurring revenue shown apart.
 */
export function DealLineItemsTab({ deal }: { deal: Deal }) {
  const canWrite = useCrmCanWrite();
  const lines = useLineItems(deal.id);
  const products = useProducts({ active: true });
  const add = useAddLineItem(deal.id);
  const remove = useRemoveLineItem(deal.id);
  const currency = lines.data?.currency ?? deal.currency ?? 'USD';
  const [productId, setProductId] = useState(FREE_LINE);
  const [name, setName] = useState('');
  const [quantity, setQuantity] = useState('1');
  const [unitPrice, setUnitPrice] = useState('');
  const [discount, setDiscount] = useState('');
  const [tax, setTax] = useState('');
  const [recurrence, setRecurrence] = useState<LineRecurrence>('one_time');
  const [error, setError] = useState<string | null>(null);

  const catalogue = products.data?.rows ?? [];
  function chooseProduct(value: string) {
    setProductId(value);
    const product = catalogue.find((entry) => entry.id === value);
    setUnitPrice(priceIn(product, currency));
    setTax(
      product?.tax_percent === null || product?.tax_percent === undefined ? '' : String(product.tax_percent),
    );
    setRecurrence(product?.recurrence ?? 'one_time');
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const free = productId === FREE_LINE;
    const amount = typedNumber(quantity);
    if (amount === null) return setError('Quantity must be a number');
    if (free && !name.trim()) return setError('Name is required for a line without a product');
    const price = unitPrice.trim() ? typedNumber(unitPrice) : null;
    if (unitPrice.trim() && price === null) return setError('Unit price must be a number');
    try {
      await add.mutateAsync({
        ...(free ? { name: name.trim() } : { product_id: productId }),
        quantity: amount,
        ...(price === null ? {} : { unit_price: price }),
        ...(discount.trim() ? { discount_percent: typedNumber(discount) } : {}),
        ...(tax.trim() ? { tax_percent: typedNumber(tax) } : {}),
        recurrence,
      });
      setProductId(FREE_LINE);
      setName('');
      setQuantity('1');
      setUnitPrice('');
      setDiscount('');
      setTax('');
      setRecurrence('one_time');
    } catch (failure) {
      setError(failureText(failure, 'Failed to add the line'));
    }
  }

  async function onRemove(line: DealLineItem) {
    try {
      await remove.mutateAsync(line.id);
    } catch {
      toast({ title: 'Failed to remove the line', variant: 'destructive' });
    }
  }

  const items = lines.data?.items ?? [];
  const totals = lines.data?.totals;
  return (
    <Section aria-labelledby="deal-products-heading">
      <SectionHead>
        <h3 id="deal-products-heading">Products</h3>
      </SectionHead>
      <CrmQueryView
        query={lines}
        loading="line items"
        shown={items}
        empty={
          <EmptyState
            title="No products on this deal"
            description="Add products or free lines: the deal's value becomes their total."
          />
        }
      >
        {() => (
          <>
            <DataTable
              label="Deal line items"
              columns={['Item', 'Quantity', 'Unit price', 'Discount', 'Tax', 'Total', 'Actions']}
            >
              {items.map((line) => (
                <tr key={line.id}>
                  <td>
                    {line.name}
                    {line.recurrence !== 'one_time' ? ` (${RECURRENCE_LABELS[line.recurrence]})` : ''}
                  </td>
                  <td>
                    <LineQuantity line={line} dealId={deal.id} disabled={!canWrite} />
                  </td>
                  <td>{money(line.unit_price, currency)}</td>
                  <td>{line.discount ? `−${money(line.discount, currency)}` : '—'}</td>
                  <td>{line.tax ? money(line.tax, currency) : '—'}</td>
                  <td>{money(line.total, currency)}</td>
                  <td>
                    {canWrite ? (
                      <Button
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove ${line.name}`}
                        onClick={() => void onRemove(line)}
                      >
                        Remove
                      </Button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </DataTable>
            {totals ? (
              <Totals aria-label="Deal totals">
                <dt>Tax</dt>
                <dd>{money(totals.tax, currency)}</dd>
                <dt>Deal amount</dt>
                <dd data-testid="line-items-amount">{money(totals.amount, currency)}</dd>
                {totals.monthly ? (
                  <>
                    <dt>Recurring monthly</dt>
                    <dd>{money(totals.monthly, currency)}</dd>
                  </>
                ) : null}
                {totals.yearly ? (
                  <>
                    <dt>Recurring yearly</dt>
                    <dd>{money(totals.yearly, currency)}</dd>
                  </>
                ) : null}
              </Totals>
            ) : null}
          </>
        )}
      </CrmQueryView>
      {canWrite ? (
        <AddForm noValidate onSubmit={submit} aria-label="Add a line">
          <Select
            label="Product"
            value={productId}
            options={[
              { value: FREE_LINE, label: 'Free line' },
              ...catalogue.map((product) => ({
                value: product.id,
                label: product.code ? `${product.name} (${product.code})` : product.name,
              })),
            ]}
            onValueChange={chooseProduct}
          />
          {productId === FREE_LINE ? <TextField label="Name" value={name} onValueChange={setName} /> : null}
          <TextField label="Quantity" inputMode="decimal" value={quantity} onValueChange={setQuantity} />
          <TextField
            label={`Unit price (${currency})`}
            inputMode="decimal"
            value={unitPrice}
            onValueChange={setUnitPrice}
          />
          <TextField label="Discount %" inputMode="decimal" value={discount} onValueChange={setDiscount} />
          <TextField label="Tax %" inputMode="decimal" value={tax} onValueChange={setTax} />
          <Select
            label="Billing"
            value={recurrence}
            options={LINE_RECURRENCES.map((value) => ({ value, label: RECURRENCE_LABELS[value] }))}
            onValueChange={(value) => setRecurrence(value as LineRecurrence)}
          />
          <Actions>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? 'Adding…' : 'Add line'}
            </Button>
          </Actions>
        </AddForm>
      ) : null}
      {error ? <ErrorText role="alert">{error}</ErrorText> : null}
    </Section>
  );
}
