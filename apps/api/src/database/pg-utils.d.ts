// pg's own conversion of a JavaScript value to the text PostgreSQL is sent for a parameter (what
// its Query does before Bind). The package exports `pg/lib/*`, but its types do not declare it.
declare module 'pg/lib/utils.js' {
  export function prepareValue(value: unknown): unknown;
}
