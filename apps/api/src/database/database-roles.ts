import { createHmac } from 'node:crypto';

/**
 * The login roles the API's own connections use (docs/adr/0016-identity.md). Migrations run as the
 * database's owner (DATABASE_URL); the API then works as:
 * - RUNTIME_ROLE: owns nothing, no superuser, no BYPASSRLS, NOINHERIT: on its own it may read no
 *   table at all. It may only SET ROLE to the app role or the personal role (tenant-connection.ts),
 *   whose rows row-level security limits to the connection's tenant.
 * - ALL_TENANTS_ROLE: the work that must see every tenant (jobs, the platform console, public token
 *   links): a separate login and pool, whose policy shows every row. The runtime role is not a member
 *   of it, so no statement on a tenant's connection can become it.
 */
export const RUNTIME_ROLE = 'tessera_runtime';
export const ALL_TENANTS_ROLE = 'tessera_all_tenants';

export interface DatabaseLogins {
  /** The tenant pool's URL. */
  runtime: string;
  /** The all-tenants pool's URL. */
  allTenants: string;
  /** Whether the owner sets the roles' passwords at start-up (the URLs were derived, not given). */
  derived: boolean;
}

/**
 * A role's password, derived from JWT_SECRET (the same in every process, at least 32 bytes in
 * production): nothing more to configure, every process agrees, and the hex digest is safe to
 * write into ALTER ROLE. The HMAC reveals nothing of the secret.
 */
export function derivedRolePassword(jwtSecret: string, role: string): string {
  return createHmac('sha256', jwtSecret).update(`tessera database role ${role}`).digest('hex');
}

function withLogin(ownerUrl: string, role: string, password: string): string {
  const url = new URL(ownerUrl);
  url.username = role;
  url.password = password;
  return url.toString();
}

/**
 * The URLs of the two logins: DATABASE_RUNTIME_URL and DATABASE_ALL_TENANTS_URL when the operator
 * manages the roles (a managed database whose owner may not ALTER ROLE), else the owner's URL with
 * each role and its derived password.
 */
export function databaseLogins(
  ownerUrl: string,
  jwtSecret: string,
  env: NodeJS.ProcessEnv = process.env,
): DatabaseLogins {
  const runtime = env.DATABASE_RUNTIME_URL?.trim();
  const allTenants = env.DATABASE_ALL_TENANTS_URL?.trim();
  if (runtime && allTenants) return { runtime, allTenants, derived: false };
  return {
    runtime: withLogin(ownerUrl, RUNTIME_ROLE, derivedRolePassword(jwtSecret, RUNTIME_ROLE)),
    allTenants: withLogin(ownerUrl, ALL_TENANTS_ROLE, derivedRolePassword(jwtSecret, ALL_TENANTS_ROLE)),
    derived: true,
  };
}

/** SQL the owner runs at start-up so the derived URLs log in (roles belong to the server, not the database). */
export function setRolePasswordsSql(jwtSecret: string): string[] {
  return [RUNTIME_ROLE, ALL_TENANTS_ROLE].map(
    (role) => `ALTER ROLE ${role} WITH LOGIN PASSWORD '${derivedRolePassword(jwtSecret, role)}'`,
  );
}
