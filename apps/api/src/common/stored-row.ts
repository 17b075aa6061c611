/**
 * A contract row as an entity holds it: the same fields, with its timestamps (created_at,
 * updated_at and the ones named in `Dates`) as Date objects. JSON writes a Date as the ISO string
 * the contract declares, so an entity that `implements StoredRow<Row>` answers exactly `Row`.
 */
export type StoredRow<Row, Dates extends keyof Row = never> = {
  [K in keyof Row]: K extends Dates | 'created_at' | 'updated_at'
    ? null extends Row[K]
      ? Date | null
      : Date
    : Row[K];
};
