import type { LookupAddress, LookupOptions } from 'node:dns';
import { lookup } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/*
 * Webhooks must not become a way into the server's own network (docs/security.md, "Webhooks"): a URL
 * is https (http outside production), and every address its host resolves to is a public unicast
 * address — not loopback, private, link-local (cloud metadata at 169.254.169.254), carrier-grade NAT,
 * unique-local, multicast or reserved. The check runs on the very addresses a delivery connects to
 * (the socket's own lookup), so a name that resolves differently later cannot slip past it.
 */

export interface WebhookAddressRules {
  /** WEBHOOK_ALLOW_PRIVATE=1: tests and development reach loopback and private receivers. */
  allowPrivate: boolean;
  /** http is accepted outside production (and with allowPrivate). */
  production: boolean;
}

export class WebhookAddressError extends Error {}

/** Why an address may not be reached, or null when it may. */
export function refusedAddress(address: string): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const range = ipaddr.process(address).range();
  return range === 'unicast' ? null : `${address} is a ${range} address`;
}

/** The URL's shape: the problem in words, or null. DNS is checked when connecting (`guardedLookup`). */
export function webhookUrlProblem(raw: string, rules: WebhookAddressRules): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'url must be a full URL such as https://hooks.example.com/tessera';
  }
  const httpAllowed = !rules.production || rules.allowPrivate;
  if (url.protocol !== 'https:' && !(httpAllowed && url.protocol === 'http:'))
    return httpAllowed ? 'url must be an http or https URL' : 'url must be an https URL';
  if (url.username || url.password) return 'url must not carry a user name or password';
  return null;
}

/**
 * A URL naming an IP address is connected to without any lookup (Node skips `lookup` for
 * literals): its address is checked here instead. Null when it may be reached.
 */
export function refusedLiteral(hostname: string, rules: WebhookAddressRules): string | null {
  const host = hostname.replace(/^\[|\]$/g, '');
  if (rules.allowPrivate || !isIP(host)) return null;
  const problem = refusedAddress(host);
  return problem ? `${host} resolves to ${problem}, which webhooks may not reach` : null;
}

/** Resolves a host name as a delivery would and refuses what it may not reach. */
export function resolveWebhookHost(host: string, rules: WebhookAddressRules): Promise<string[]> {
  return new Promise((resolve, reject) => {
    guardedLookup(rules)(host, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve((addresses as LookupAddress[]).map((entry) => entry.address));
    });
  });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/** A `lookup` for http(s).request that fails the connection when any resolved address is refused. */
export function guardedLookup(
  rules: WebhookAddressRules,
): (host: string, options: LookupOptions, callback: LookupCallback) => void {
  return (host, options, callback) => {
    lookup(host, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, []);
      if (!rules.allowPrivate) {
        for (const { address } of addresses) {
          const problem = refusedAddress(address);
          if (problem)
            return callback(
              new WebhookAddressError(`${host} resolves to ${problem}, which webhooks may not reach`),
              [],
            );
        }
      }
      if (options.all) return callback(null, addresses);
      const first = addresses[0];
      if (!first) return callback(new WebhookAddressError(`${host} has no address`), []);
      callback(null, first.address, first.family);
    });
  };
}
