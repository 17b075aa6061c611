import type { MigrationInterface, QueryRunner } from 'typeorm';
import { JOB_SCHEMA } from './job-queue-installation';

/*
 * The job queue's schema and everything in it belong to the database's owner, like the product's
 * tables (docs/adr/0016-identity.md). It used to belong to the app role, which every runtime
 * connection becomes: an injected statement could then TRUNCATE or ALTER the queue. The owner now
 * installs pg-boss (installJobQueue, after the migrations) and the app role keeps only DML.
 */
export class JobQueueOwner1733700300000 implements MigrationInterface {
  name = 'JobQueueOwner1733700300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE SCHEMA IF NOT EXISTS ${JOB_SCHEMA}`);
    await q.query(`
      DO $$ DECLARE item record; BEGIN
        EXECUTE format('ALTER SCHEMA ${JOB_SCHEMA} OWNER TO %I', current_user);
        FOR item IN SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = '${JOB_SCHEMA}' AND c.relkind IN ('r', 'p', 'v')
                      AND pg_get_userbyid(c.relowner) <> current_user LOOP
          EXECUTE format('ALTER %s ${JOB_SCHEMA}.%I OWNER TO %I',
            CASE item.relkind WHEN 'v' THEN 'VIEW' ELSE 'TABLE' END, item.relname, current_user);
        END LOOP;
        -- A sequence that belongs to a table follows it; only free-standing ones are moved.
        FOR item IN SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
                    WHERE n.nspname = '${JOB_SCHEMA}' AND c.relkind = 'S'
                      AND pg_get_userbyid(c.relowner) <> current_user
                      AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.objid = c.oid AND d.deptype IN ('a', 'i')) LOOP
          EXECUTE format('ALTER SEQUENCE ${JOB_SCHEMA}.%I OWNER TO %I', item.relname, current_user);
        END LOOP;
        FOR item IN SELECT p.oid::regprocedure AS signature FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                    WHERE n.nspname = '${JOB_SCHEMA}' AND pg_get_userbyid(p.proowner) <> current_user LOOP
          EXECUTE format('ALTER ROUTINE %s OWNER TO %I', item.signature, current_user);
        END LOOP;
        FOR item IN SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
                    WHERE n.nspname = '${JOB_SCHEMA}' AND t.typtype = 'e'
                      AND pg_get_userbyid(t.typowner) <> current_user LOOP
          EXECUTE format('ALTER TYPE ${JOB_SCHEMA}.%I OWNER TO %I', item.typname, current_user);
        END LOOP;
      END $$`);
  }

  async down(): Promise<void> {
    // Giving the queue back to the role every runtime connection becomes is not a state to return to.
  }
}
