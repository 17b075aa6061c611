import { togglePinned } from './pinning';

describe('togglePinned', () => {
  it('pins to the front', () => {
    expect(togglePinned(['crm', 'finance'], 'hotel')).toEqual(['hotel', 'crm', 'finance']);
  });
  it('unpins and keeps the order of the rest', () => {
    expect(togglePinned(['crm', 'hotel', 'finance'], 'hotel')).toEqual(['crm', 'finance']);
  });
  it('does not change its input', () => {
    const pinned = ['crm'];
    togglePinned(pinned, 'sales');
    expect(pinned).toEqual(['crm']);
  });
});
