/** docs/product/shell.md#pinning: toggling a module pins it (added to the front of the list) or unpins it. */
export function togglePinned(pinned: readonly string[], moduleId: string): string[] {
  if (pinned.includes(moduleId)) return pinned.filter((id) => id !== moduleId);
  return [moduleId, ...pinned];
}

export interface PinnedModulesBody {
  sidebar_pinned: string[];
}

export interface RecentModuleBody {
  module_id: string;
}
