import { MODULE_CATALOGUE } from '@tessera/data-access/contracts';
import { sidebarModules } from './sidebar-modules';

describe('sidebarModules', () => {
  const visible = new Set(['crm', 'finance', 'sales', 'healthcare', 'hotel']);
  const isVisible = (id: string) => visible.has(id);

  it('keeps only visible modules, grouped by the three categories in order', () => {
    const { pinned, groups } = sidebarModules(MODULE_CATALOGUE, isVisible, []);
    expect(pinned).toEqual([]);
    expect(groups.map((g) => [g.category, g.modules.map((m) => m.id)])).toEqual([
      ['Core Business', ['crm', 'finance']],
      ['Business Growth', ['sales']],
      ['Industry Solutions', ['healthcare', 'hotel']],
    ]);
  });

  it('puts pinned modules first in pin order and not twice', () => {
    const { pinned, groups } = sidebarModules(MODULE_CATALOGUE, isVisible, ['hotel', 'crm']);
    expect(pinned.map((m) => m.id)).toEqual(['hotel', 'crm']);
    expect(groups.flatMap((g) => g.modules.map((m) => m.id))).toEqual(['finance', 'sales', 'healthcare']);
  });

  it('ignores pins of modules the user may not see', () => {
    expect(sidebarModules(MODULE_CATALOGUE, isVisible, ['legal']).pinned).toEqual([]);
  });

  it('drops a category with no visible module', () => {
    const { groups } = sidebarModules(MODULE_CATALOGUE, (id) => id === 'crm', []);
    expect(groups.map((g) => g.category)).toEqual(['Core Business']);
  });
});
