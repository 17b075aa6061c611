import { Inject, Injectable } from '@nestjs/common';
import * as oidc from 'openid-client';
import { InvalidInputError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { openSecret } from '../common/secret-box';

/** How long a provider's discovery document is trusted before it is read again. */
const KEEP_MS = 10 * 60 * 1000;

export interface StoredProvider {
  institutionId: string;
  issuerUrl: string;
  clientId: string;
  clientSecretEncrypted: string;
  updatedAt: string;
}

/** http only to this machine (a provider in development and in the tests); everything else over https. */
function discoveryOptions(issuer: URL): oidc.DiscoveryRequestOptions {
  const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
  return issuer.protocol === 'http:' && loopback ? { execute: [oidc.allowInsecureRequests] } : {};
}

/**
 * openid-client configurations of the institutions' providers: the issuer's discovery document and
 * JWKS, the client and its secret. Kept per institution and version of its settings for minutes.
 */
@Injectable()
export class ProviderConfigurations {
  private readonly kept = new Map<string, { version: string; config: oidc.Configuration; until: number }>();

  constructor(@Inject(APP_CONFIG) private readonly appConfig: AppConfig) {}

  /** The provider answers a discovery document whose issuer is the one given: a typo is refused at once. */
  async check(issuerUrl: string, clientId: string): Promise<void> {
    let issuer: URL;
    try {
      issuer = new URL(issuerUrl);
    } catch {
      throw new InvalidInputError('issuer_url must be a URL', { issuer_url: ['issuer_url must be a URL'] });
    }
    if (issuer.protocol !== 'https:' && discoveryOptions(issuer).execute === undefined) {
      throw new InvalidInputError('issuer_url must use https', { issuer_url: ['issuer_url must use https'] });
    }
    try {
      await oidc.discovery(issuer, clientId, undefined, undefined, discoveryOptions(issuer));
    } catch (error) {
      const message = `The provider at ${issuerUrl} did not answer its OpenID configuration (${(error as Error).message})`;
      throw new InvalidInputError(message, { issuer_url: [message] });
    }
  }

  async of(stored: StoredProvider): Promise<oidc.Configuration> {
    const kept = this.kept.get(stored.institutionId);
    if (kept && kept.version === stored.updatedAt && kept.until > Date.now()) return kept.config;
    const issuer = new URL(stored.issuerUrl);
    const config = await oidc.discovery(
      issuer,
      stored.clientId,
      undefined,
      oidc.ClientSecretPost(openSecret(this.appConfig.ssoEncryptionKey, stored.clientSecretEncrypted)),
      discoveryOptions(issuer),
    );
    this.kept.set(stored.institutionId, { version: stored.updatedAt, config, until: Date.now() + KEEP_MS });
    return config;
  }

  forget(institutionId: string): void {
    this.kept.delete(institutionId);
  }
}
