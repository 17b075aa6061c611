import type { ModuleCatalogueEntry } from '@tessera/data-access/contracts';

/** docs/product/shell.md#quick-search: at most 10 results. */
export const QUICK_SEARCH_LIMIT = 10;

export interface QuickSearchResult {
  /** Unique key: the route. */
  path: string;
  /** What the user reads: `Healthcare` or `Healthcare › Patients`. */
  label: string;
  category: string;
}

/**
 * docs/product/shell.md#quick-search: a case-insensitive match over module names, submodule names, parent (module) names
 * and category names. A module matches by its name or category; a submodule by its name, its
 * parent's name or its category. Catalogue order, a module before its submodules.
 */
export function matchModules(
  query: string,
  modules: readonly ModuleCatalogueEntry[],
  limit: number = QUICK_SEARCH_LIMIT,
): QuickSearchResult[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const has = (text: string) => text.toLowerCase().includes(needle);
  const results: QuickSearchResult[] = [];
  for (const module of modules) {
    const parentMatches = has(module.name) || has(module.category);
    if (parentMatches) results.push({ path: module.route, label: module.name, category: module.category });
    for (const submodule of module.submodules) {
      if (parentMatches || has(submodule.name)) {
        results.push({
          path: submodule.route,
          label: `${module.name} › ${submodule.name}`,
          category: module.category,
        });
      }
    }
    if (results.length >= limit) break;
  }
  return results.slice(0, limit);
}
