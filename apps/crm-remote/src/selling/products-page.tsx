import { downloadProductsCsv, isApiError, saveFile } from '@tessera/data-access/client';
import { LINE_RECURRENCES, type LineRecurrence, type Product } from '@tessera/data-access/contracts';
import {
  useCreateProduct,
  useCurrentInstitutionId,
  useProducts,
  useUpdateProduct,
} from '@tessera/data-access/hooks';
import {
  Actions,
  Button,
  DataTable,
  EmptyState,
  ErrorText,
  SearchInput,
  Select,
  Switch,
  TextField,
  toast,
} from '@tessera/ui';
import { type FormEvent, useDeferredValue, useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CrmQueryView } from '../shared/crm-query-view';
import { useCrmCanWrite } from '../shared/use-crm-can-write';
import { money, RECURRENCE_LABELS, typedNumber } from '../shared/selling-format';

const Section = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  padding: ${({ theme }) => theme.space(5)};
  margin-bottom: ${({ theme }) => theme.space(4)};
  h3 { margin: 0 0 ${({ theme }) => theme.space(3)}; font-size: ${({ theme }) => theme.font.size.lg}; }
`;

const Form = styled.form`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(150px, 1fr));
  gap: ${({ theme }) => theme.space(3)};
  align-items: end;
`;

const CatalogueHead = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(2)};
  h3 { margin: 0; }
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const HeadActions = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  a {
    color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
    font-size: ${({ theme }) => theme.font.size.sm};
  }
  a:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Search = styled.div`
  margin-bottom: ${({ theme }) => theme.space(3)};
  max-width: 24rem;
`;

const EMPTY = {
  name: '',
  code: '',
  unit: '',
  currency: 'USD',
  price: '',
  tax: '',
  recurrence: 'one_time' as LineRecurrence,
};

function failureText(failure: unknown, fallback: string): string {
  if (isApiError(failure) && (failure.status === 400 || failure.status === 409)) {
    const first = failure.errors ? Object.values(failure.errors).flat()[0] : undefined;
    return first ?? failure.message;
  }
  return fallback;
}

/**
 * The product catalogue (docs/adr/0019-products-and-quotes.md): search, add, deactivate, export,
 * and import through the CRM's importer (`basePath`/imports, opened on products).
 */
export function ProductsCatalogue({ basePath }: { basePath: string }) {
  const canWrite = useCrmCanWrite();
  const institutionId = useCurrentInstitutionId();
  const [search, setSearch] = useState('');
  const q = useDeferredValue(search.trim());
  const products = useProducts(q ? { q } : {});
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [draft, setDraft] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof typeof EMPTY) => (value: string) =>
    setDraft((current) => ({ ...current, [field]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!draft.name.trim()) return setError('Name is required');
    const price = draft.price.trim() ? typedNumber(draft.price) : null;
    if (draft.price.trim() && price === null) return setError('Unit price must be a number');
    const currency = draft.currency.trim().toUpperCase();
    try {
      const product = await create.mutateAsync({
        name: draft.name.trim(),
        code: draft.code.trim() || null,
        unit: draft.unit.trim() || null,
        prices: price === null ? [] : [{ currency, unit_price: price }],
        tax_percent: draft.tax.trim() ? typedNumber(draft.tax) : null,
        recurrence: draft.recurrence,
      });
      toast({ title: 'Product added', description: product.name });
      setDraft(EMPTY);
    } catch (failure) {
      setError(failureText(failure, 'Failed to add the product'));
    }
  }

  async function exportCsv() {
    try {
      const file = await downloadProductsCsv(institutionId);
      saveFile(file.blob, 'products.csv');
    } catch {
      toast({ title: 'Failed to export products', variant: 'destructive' });
    }
  }

  async function toggle(product: Product, active: boolean) {
    try {
      await update.mutateAsync({ id: product.id, changes: { active } });
    } catch {
      toast({ title: 'Failed to update the product', variant: 'destructive' });
    }
  }

  const rows = products.data?.rows ?? [];
  return (
    <>
      {canWrite ? (
        <Section aria-labelledby="new-product-heading">
          <h3 id="new-product-heading">New Product</h3>
          <Form noValidate onSubmit={submit} aria-label="New product">
            <TextField label="Name" value={draft.name} onValueChange={set('name')} required />
            <TextField label="Code" value={draft.code} onValueChange={set('code')} />
            <TextField
              label="Unit"
              value={draft.unit}
              onValueChange={set('unit')}
              placeholder="hour, seat…"
            />
            <TextField
              label="Currency"
              value={draft.currency}
              onValueChange={set('currency')}
              maxLength={3}
            />
            <TextField
              label="Unit price"
              inputMode="decimal"
              value={draft.price}
              onValueChange={set('price')}
            />
            <TextField label="Tax %" inputMode="decimal" value={draft.tax} onValueChange={set('tax')} />
            <Select
              label="Billing"
              value={draft.recurrence}
              options={LINE_RECURRENCES.map((value) => ({ value, label: RECURRENCE_LABELS[value] }))}
              onValueChange={set('recurrence')}
            />
            <Actions>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Adding…' : 'Add Product'}
              </Button>
            </Actions>
          </Form>
          {error ? <ErrorText role="alert">{error}</ErrorText> : null}
        </Section>
      ) : null}
      <Section aria-labelledby="catalogue-heading">
        <CatalogueHead>
          <h3 id="catalogue-heading">Catalogue</h3>
          <HeadActions>
            <Link to={`${basePath}/imports?entity=products`}>Import CSV</Link>
            <Button variant="secondary" size="sm" onClick={() => void exportCsv()}>
              Export CSV
            </Button>
          </HeadActions>
        </CatalogueHead>
        <Search>
          <SearchInput
            aria-label="Search products"
            placeholder="Search by name or code"
            value={search}
            onValueChange={setSearch}
          />
        </Search>
        <CrmQueryView
          query={products}
          loading="products"
          shown={rows}
          empty={<EmptyState title={q ? 'No products match' : 'No products yet'} />}
        >
          {() => (
            <DataTable
              label="Products"
              columns={['Name', 'Code', 'Unit', 'Prices', 'Tax', 'Billing', 'Active']}
            >
              {rows.map((product) => (
                <tr key={product.id}>
                  <td>{product.name}</td>
                  <td>{product.code ?? '—'}</td>
                  <td>{product.unit ?? '—'}</td>
                  <td>
                    {product.prices.map((price) => money(price.unit_price, price.currency)).join(', ') || '—'}
                  </td>
                  <td>{product.tax_percent === null ? '—' : `${product.tax_percent}%`}</td>
                  <td>{RECURRENCE_LABELS[product.recurrence]}</td>
                  <td>
                    <Switch
                      checked={product.active}
                      disabled={!canWrite}
                      label={`${product.name} active`}
                      onCheckedChange={(active) => void toggle(product, active)}
                    />
                  </td>
                </tr>
              ))}
            </DataTable>
          )}
        </CrmQueryView>
      </Section>
    </>
  );
}
