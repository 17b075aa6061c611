import { readCrmPageState, writeCrmPageState } from './crm-page-state';

const TABS = ['overview', 'deals', 'pipeline'];

describe('Enhanced CRM page URL state', () => {
  it('reads the tab, filters and deal, ignoring unknown values', () => {
    const state = readCrmPageState(
      new URLSearchParams('tab=pipeline&segment=hot&source=tv&stage=won&deal=abc'),
      TABS,
      'overview',
    );
    expect(state).toEqual({
      tab: 'pipeline',
      filters: { segment: 'hot', source: null, stage: 'won' },
      dealId: 'abc',
    });
    expect(readCrmPageState(new URLSearchParams('tab=nope'), TABS, 'overview').tab).toBe('overview');
  });
  it('writes only what differs from the defaults', () => {
    expect(
      writeCrmPageState(
        { tab: 'overview', filters: { segment: null, source: 'email', stage: null }, dealId: null },
        'overview',
      ).toString(),
    ).toBe('source=email');
    expect(
      writeCrmPageState(
        { tab: 'deals', filters: { segment: null, source: null, stage: null }, dealId: 'x' },
        'overview',
      ).toString(),
    ).toBe('tab=deals&deal=x');
  });
});
