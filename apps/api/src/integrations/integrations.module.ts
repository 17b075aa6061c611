import { Global, Module } from '@nestjs/common';
import { AdministrationModule } from '../administration/administration.module';
import { ApiKeyAudit } from './api-key-audit';
import { ApiKeyCredentials } from './api-key-credentials';
import { ApiKeysService } from './api-keys.service';
import { ApiKeysController, WebhooksController } from './integrations.controller';
import { WebhookEvents } from './webhook-events.service';
import { WebhooksService } from './webhooks.service';

/**
 * API keys and webhooks (docs/api.md). Global: the session guard authenticates keys, and every
 * service that changes what webhooks report emits through WebhookEvents.
 */
@Global()
@Module({
  imports: [AdministrationModule],
  controllers: [ApiKeysController, WebhooksController],
  providers: [ApiKeyCredentials, ApiKeyAudit, ApiKeysService, WebhookEvents, WebhooksService],
  exports: [ApiKeyCredentials, ApiKeyAudit, WebhookEvents],
})
export class IntegrationsModule {}
