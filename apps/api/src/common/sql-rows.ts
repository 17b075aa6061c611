/** TypeORM answers an UPDATE … RETURNING as [rows, affected count]. */
export function updatedRows<T>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}

/** A timestamp column as the contracts' ISO string, or null. */
export function isoOrNull(value: Date | string | null): string | null {
  return value ? new Date(value).toISOString() : null;
}
