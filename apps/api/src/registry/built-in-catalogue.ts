import { BUILT_IN_REMOTES, MODULE_CATALOGUE } from '@tessera/data-access/contracts';

type RunSql = (sql: string, parameters?: unknown[]) => Promise<unknown>;

/**
 * The built-in remotes and their modules, written from the contracts' catalogue — by the registry
 * migration, and again on every start (runMigrations), so an edit of that catalogue (a renamed
 * submodule, a new built-in module) reaches the database without a new migration. Registered
 * remotes and their modules are never touched here.
 */
export async function syncBuiltInCatalogue(run: RunSql): Promise<void> {
  for (const remote of BUILT_IN_REMOTES) {
    await run(
      `INSERT INTO registry_remotes (key, name, container, built_in) VALUES ($1, $2, $3, true)
       ON CONFLICT (key) DO UPDATE SET name = EXCLUDED.name, container = EXCLUDED.container, built_in = true
       WHERE (registry_remotes.name, registry_remotes.container, registry_remotes.built_in)
             IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.container, true)`,
      [remote.key, remote.name, remote.container],
    );
  }
  for (const [position, entry] of MODULE_CATALOGUE.entries()) {
    const submodules = JSON.stringify(entry.submodules.map(({ id, name }) => ({ id, name })));
    await run(
      `INSERT INTO registry_modules (id, remote_key, name, description, category, premium, submodules, default_levels, position, built_in)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8::jsonb, $9, true)
       ON CONFLICT (id) DO UPDATE SET remote_key = EXCLUDED.remote_key, name = EXCLUDED.name,
         description = EXCLUDED.description, category = EXCLUDED.category, premium = EXCLUDED.premium,
         submodules = EXCLUDED.submodules, default_levels = EXCLUDED.default_levels,
         position = EXCLUDED.position, built_in = true
       WHERE (registry_modules.remote_key, registry_modules.name, registry_modules.description,
              registry_modules.category, registry_modules.premium, registry_modules.submodules,
              registry_modules.default_levels, registry_modules.position, registry_modules.built_in)
             IS DISTINCT FROM (EXCLUDED.remote_key, EXCLUDED.name, EXCLUDED.description, EXCLUDED.category,
              EXCLUDED.premium, EXCLUDED.submodules, EXCLUDED.default_levels, EXCLUDED.position, true)`,
      [
        entry.id,
        entry.remote,
        entry.name,
        entry.description,
        entry.category,
        Boolean(entry.isPremium),
        submodules,
        JSON.stringify(entry.defaultLevels ?? {}),
        position,
      ],
    );
  }
  await run('DELETE FROM registry_modules WHERE built_in AND NOT (id = ANY($1::text[]))', [
    MODULE_CATALOGUE.map((entry) => entry.id),
  ]);
}
