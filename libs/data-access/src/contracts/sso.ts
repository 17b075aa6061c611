import type { InstitutionRole } from './access';
import { normaliseDomain } from './crm/companies';

/*
 * Single sign-on with OpenID Connect, per institution (docs/product/sign-in-and-sessions.md#single-sign-on).
 */

/** What owners see of their institution's set-up: never the client secret, only whether one is stored. */
export interface SsoSettings {
  /** Shown on the sign-in page: "Continue with <name>". */
  name: string;
  issuer_url: string;
  client_id: string;
  has_client_secret: boolean;
  /** E-mail domains whose people sign in through this provider. */
  domains: string[];
  /** Someone the institution has not invited becomes a member on their first sign-in, with `jit_role`. */
  jit_enabled: boolean;
  jit_role: InstitutionRole;
  /** Addresses of the claimed domains cannot sign in with a password. */
  sso_only: boolean;
}

/** `GET`/`PUT /api/administration/sso`: the set-up (null before there is one) and the redirect URI to register. */
export interface SsoSettingsAnswer {
  sso: SsoSettings | null;
  /** Where the provider must send people back (register it with the provider). */
  redirect_uri: string;
}

/** `PUT /api/administration/sso`: the secret only when it changes (required the first time). */
export interface SsoSettingsInput {
  name: string;
  issuer_url: string;
  client_id: string;
  client_secret?: string;
  domains: string[];
  jit_enabled: boolean;
  jit_role: InstitutionRole;
  sso_only: boolean;
}

/** `GET /api/auth/sso?email=`: whether that address signs in through a provider. */
export interface SsoDiscovery {
  sso: { name: string; start_url: string; sso_only: boolean } | null;
}

/** The callback's path; the provider sends people back here. */
export const SSO_CALLBACK_PATH = '/api/auth/sso/callback';

/** The domain of an address, lower case ("" when it has none). */
export function emailDomain(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0
    ? ''
    : email
        .slice(at + 1)
        .trim()
        .toLowerCase();
}

/** A domain as people write it (`@Acme.com`, `acme.com`): one spelling, as for companies' domains. */
export function normaliseEmailDomain(domain: string): string {
  return normaliseDomain(domain.trim().replace(/^@/, ''));
}

export function isDomainShape(domain: string): boolean {
  return /^(?=.{3,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/.test(domain);
}

/**
 * An institution that made single sign-on the only way in refuses sessions opened any other way
 * (its owners excepted: docs/security.md, break-glass).
 */
export function ssoSessionRequiredMessage(institutionName: string, ssoName: string): string {
  return `${institutionName} admits only people signed in with ${ssoName}. Continue with ${ssoName} to enter it.`;
}

/** Where the shell sends someone to sign in through their institution's provider. */
export function ssoStartPath(email: string): string {
  return `/api/auth/sso/start?email=${encodeURIComponent(email.trim().toLowerCase())}`;
}

export function ssoOnlyMessage(name: string): string {
  return `This address signs in with ${name}. Use “Continue with ${name}”.`;
}
