/** The tables the module catalogue is read from: a notice naming one makes every process re-read it. */
export const REGISTRY_TABLES: readonly string[] = ['registry_remotes', 'registry_modules'];
