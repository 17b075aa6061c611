/** Triggers on the registry tables NOTIFY here (registry.migration.ts): every API process re-reads the catalogue. */
export const REGISTRY_CHANGED_CHANNEL = 'tessera_registry_changed';
