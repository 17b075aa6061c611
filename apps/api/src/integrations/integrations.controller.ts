import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type {
  ApiKeySummary,
  CreatedApiKey,
  CreatedWebhookEndpoint,
  WebhookDelivery,
  WebhookEndpointSummary,
} from '@tessera/data-access/contracts';
import { RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { ApiNoContent } from '../common/api-responses';
import { ApiKeysService } from './api-keys.service';
import { CreateApiKeyDto, CreateWebhookDto } from './dto/integrations.dto';
import {
  ApiKeyBody,
  CreatedApiKeyBody,
  CreatedWebhookEndpointBody,
  WebhookDeliveryBody,
  WebhookEndpointBody,
} from './integrations.responses';
import { WebhooksService } from './webhooks.service';

const Id = (name: string) => Param(name, ParseUUIDPipe);

/** An institution's API keys: its owners and admins make and revoke them (docs/api.md). */
@ApiTags('integrations')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('administration/api-keys')
@RequireInstitutionRole('owner', 'admin')
export class ApiKeysController {
  constructor(private readonly keys: ApiKeysService) {}

  @Post()
  @ApiCreatedResponse({ type: CreatedApiKeyBody })
  create(@Scope() scope: TenantScope, @Body() body: CreateApiKeyDto): Promise<CreatedApiKey> {
    return this.keys.create(scope, body);
  }

  @Get()
  @ApiOkResponse({ type: [ApiKeyBody] })
  list(@Scope() scope: TenantScope): Promise<ApiKeySummary[]> {
    return this.keys.list(scope);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContent('Revoked: the key stops working at once')
  revoke(@Scope() scope: TenantScope, @Id('id') id: string): Promise<void> {
    return this.keys.revoke(scope, id);
  }
}

/** An institution's webhook endpoints and their delivery logs (docs/api.md#webhooks). */
@ApiTags('integrations')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('administration/webhooks')
@RequireInstitutionRole('owner', 'admin')
export class WebhooksController {
  constructor(private readonly webhooks: WebhooksService) {}

  @Post()
  @ApiCreatedResponse({ type: CreatedWebhookEndpointBody })
  create(@Scope() scope: TenantScope, @Body() body: CreateWebhookDto): Promise<CreatedWebhookEndpoint> {
    return this.webhooks.create(scope, body);
  }

  @Get()
  @ApiOkResponse({ type: [WebhookEndpointBody] })
  list(@Scope() scope: TenantScope): Promise<WebhookEndpointSummary[]> {
    return this.webhooks.list(scope);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContent('Deleted with its delivery log')
  remove(@Scope() scope: TenantScope, @Id('id') id: string): Promise<void> {
    return this.webhooks.remove(scope, id);
  }

  @Get(':id/deliveries')
  @ApiOkResponse({ type: [WebhookDeliveryBody], description: 'The latest 100 deliveries, newest first' })
  deliveries(@Scope() scope: TenantScope, @Id('id') id: string): Promise<WebhookDelivery[]> {
    return this.webhooks.deliveries(scope, id);
  }

  @Post(':id/deliveries/:deliveryId/resend')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: WebhookDeliveryBody, description: 'Queued again' })
  resend(
    @Scope() scope: TenantScope,
    @Id('id') id: string,
    @Id('deliveryId') deliveryId: string,
  ): Promise<WebhookDelivery> {
    return this.webhooks.resend(scope, id, deliveryId);
  }
}
