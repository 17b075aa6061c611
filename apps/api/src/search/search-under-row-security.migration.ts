import type { MigrationInterface, QueryRunner } from 'typeorm';

/*
 * Row-level security keeps a query's own conditions from running before the policy's unless their
 * functions are LEAKPROOF (they could reveal rows the policy hides through an error). The text
 * match `tsvector @@ tsquery` (ts_match_vq) is not marked so, which kept every search from using
 * its GIN index: each search read all 100,000 records and leads one by one (195 ms and 104 ms
 * measured with EXPLAIN ANALYZE as the app role, against 12 ms and 0.5 ms through the index).
 * ts_match_vq raises no error that depends on a row's content, so it is marked leakproof
 * (docs/adr/0010). That needs a superuser: where migrations run as another role, search stays
 * correct and reads the rows one by one.
 */
export class SearchUnderRowSecurity1733597000000 implements MigrationInterface {
  name = 'SearchUnderRowSecurity1733597000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      DO $$ BEGIN
        IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
          ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) LEAKPROOF;
        ELSE
          RAISE NOTICE 'ts_match_vq left as it is: marking it LEAKPROOF needs a superuser (search reads rows one by one)';
        END IF;
      END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DO $$ BEGIN
        IF (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) THEN
          ALTER FUNCTION pg_catalog.ts_match_vq(tsvector, tsquery) NOT LEAKPROOF;
        END IF;
      END $$`);
  }
}
