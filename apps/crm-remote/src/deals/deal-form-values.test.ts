import type { Deal } from '@tessera/data-access/contracts';
import { dealFormFromDeal, dealInputFromForm, emptyDealForm, validateDealForm } from './deal-form-values';

describe('deal form', () => {
  it('requires a name and checks amount, probability and account', () => {
    expect(validateDealForm(emptyDealForm())).toEqual({ name: 'Deal name is required' });
    const errors = validateDealForm({
      ...emptyDealForm(),
      name: 'Renewal',
      amount: '-4',
      probability: '101',
      company_id: 'acme',
    });
    expect(errors).toEqual({
      amount: 'Amount must be a positive number',
      probability: 'Probability must be a whole number from 0 to 100',
      company_id: 'Account must be a company id',
    });
    expect(validateDealForm({ ...emptyDealForm(), name: 'x', amount: '10.123' }).amount).toBe(
      'Amount can have at most 2 decimals',
    );
  });
  it('sends only what was filled in', () => {
    expect(dealInputFromForm({ ...emptyDealForm('proposal'), name: '  Renewal ' })).toEqual({
      name: 'Renewal',
      stage: 'proposal',
    });
    expect(
      dealInputFromForm({
        ...emptyDealForm(),
        name: 'A',
        amount: '1200.5',
        probability: '40',
        expected_close_date: '2026-12-01',
      }),
    ).toEqual({
      name: 'A',
      stage: 'prospecting',
      amount: 1200.5,
      probability: 40,
      expected_close_date: '2026-12-01',
    });
  });
  it('reads a deal back into the form', () => {
    const form = dealFormFromDeal({
      name: 'B',
      description: null,
      amount: 5,
      probability: null,
      stage: 'negotiation',
      expected_close_date: '2026-05-01',
      contact_id: null,
      company_id: null,
    } as Deal);
    expect(form).toEqual({
      ...emptyDealForm('negotiation'),
      name: 'B',
      amount: '5',
      expected_close_date: '2026-05-01',
    });
  });
});
