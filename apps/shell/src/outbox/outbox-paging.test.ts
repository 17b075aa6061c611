import { outboxPaging } from './outbox-paging';

describe('outbox paging', () => {
  it('labels the first, a middle and the last page and knows its neighbours', () => {
    expect(outboxPaging(0, 20, 45)).toEqual({ label: '1–20 of 45', previousOffset: null, nextOffset: 20 });
    expect(outboxPaging(20, 20, 45)).toEqual({ label: '21–40 of 45', previousOffset: 0, nextOffset: 40 });
    expect(outboxPaging(40, 20, 45)).toEqual({ label: '41–45 of 45', previousOffset: 20, nextOffset: null });
  });

  it('handles an exact last page, one page, and no messages', () => {
    expect(outboxPaging(20, 20, 40).nextOffset).toBeNull();
    expect(outboxPaging(0, 20, 3)).toEqual({ label: '1–3 of 3', previousOffset: null, nextOffset: null });
    expect(outboxPaging(0, 20, 0)).toEqual({ label: 'No messages', previousOffset: null, nextOffset: null });
  });
});
