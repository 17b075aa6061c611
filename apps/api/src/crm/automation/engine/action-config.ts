/** An action's (or a trigger's) settings, as stored in the rule or workflow. */
export type ActionConfig = Record<string, string | number | boolean | null> | undefined;

/** A text setting; blank counts as not set. */
export function configText(config: ActionConfig, key: string): string | null {
  const value = config?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/** A number setting, also when written as text ("3"); anything else counts as not set. */
export function configNumber(config: ActionConfig, key: string): number | null {
  const value = config?.[key];
  const parsed = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
  return Number.isFinite(parsed) ? parsed : null;
}
