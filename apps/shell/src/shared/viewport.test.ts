import { sidebarIsDrawer, viewportFor } from './viewport';

describe('viewportFor', () => {
  it('splits at 768 and 1024 (docs/product/shell.md#layout-and-breakpoints)', () => {
    expect(viewportFor(375)).toBe('mobile');
    expect(viewportFor(767)).toBe('mobile');
    expect(viewportFor(768)).toBe('tablet');
    expect(viewportFor(1023)).toBe('tablet');
    expect(viewportFor(1024)).toBe('desktop');
  });
  it('uses a drawer below desktop only', () => {
    expect(sidebarIsDrawer('mobile')).toBe(true);
    expect(sidebarIsDrawer('tablet')).toBe(true);
    expect(sidebarIsDrawer('desktop')).toBe(false);
  });
});
