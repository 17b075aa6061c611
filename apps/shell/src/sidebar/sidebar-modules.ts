import {
  MODULE_CATEGORIES,
  type ModuleCatalogueEntry,
  type ModuleCategory,
} from '@tessera/data-access/contracts';

export interface SidebarGroup {
  category: ModuleCategory;
  modules: ModuleCatalogueEntry[];
}

export interface SidebarModules {
  /** Pinned modules first, in pin order (the newest pin first, docs/product/shell.md#pinning). */
  pinned: ModuleCatalogueEntry[];
  /** The three category groups with the remaining visible modules, catalogue order. */
  groups: SidebarGroup[];
}

/** docs/product/shell.md: only visible modules, pinned first, then by category. Empty groups are left out. */
export function sidebarModules(
  catalogue: readonly ModuleCatalogueEntry[],
  isVisible: (moduleId: string) => boolean,
  pinnedIds: readonly string[],
): SidebarModules {
  const visible = catalogue.filter((entry) => isVisible(entry.id));
  const pinned = pinnedIds
    .map((id) => visible.find((entry) => entry.id === id))
    .filter((entry): entry is ModuleCatalogueEntry => Boolean(entry));
  const pinnedSet = new Set(pinned.map((entry) => entry.id));
  const groups = MODULE_CATEGORIES.map((category) => ({
    category,
    modules: visible.filter((entry) => entry.category === category && !pinnedSet.has(entry.id)),
  })).filter((group) => group.modules.length > 0);
  return { pinned, groups };
}
