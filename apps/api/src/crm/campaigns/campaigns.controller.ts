import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import type { CampaignDelivery } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CampaignsService } from './campaigns.service';
import {
  CampaignAudienceCountDto,
  CampaignAudienceCountResponse,
  CampaignDeliveryQueryDto,
  CampaignListItemDto,
  CampaignTestSendResponse,
  CreateCampaignDto,
  ScheduleCampaignDto,
  UpdateCampaignDto,
} from './dto/campaign.dto';
import { EmailCampaignEntity } from './email-campaign.entity';
import { ApiOkResponse } from '@nestjs/swagger';
import { CampaignDeliveryBody } from './campaign-delivery.body';

@CrmApi('crm email campaigns')
@Controller('crm/email-campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @ApiResponse({ status: 200, type: [CampaignListItemDto] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<CampaignListItemDto[]> {
    return this.campaigns.list(scope);
  }

  /** Who an audience reaches now, before anything is sent (the send's own rule). */
  @Post('audience-count')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: CampaignAudienceCountResponse })
  @RequireModuleAccess('crm', 'read')
  audienceCount(
    @Scope() scope: TenantScope,
    @Body() body: CampaignAudienceCountDto,
  ): Promise<CampaignAudienceCountResponse> {
    return this.campaigns.audienceCount(scope, body.audience);
  }

  @Get(':id')
  @ApiResponse({ status: 200, type: EmailCampaignEntity })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<EmailCampaignEntity> {
    return this.campaigns.getOne(scope, id);
  }

  @Post()
  @ApiResponse({ status: 201, type: EmailCampaignEntity })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateCampaignDto): Promise<EmailCampaignEntity> {
    return this.campaigns.create(scope, body);
  }

  @Patch(':id')
  @ApiResponse({ status: 200, type: EmailCampaignEntity })
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateCampaignDto,
  ): Promise<EmailCampaignEntity> {
    return this.campaigns.update(scope, id, body);
  }

  /** Accepted: the campaign is `sending`; its messages are queued and delivered by jobs. */
  @Post(':id/send')
  @ApiResponse({ status: 202, type: EmailCampaignEntity })
  @HttpCode(202)
  @RequireModuleAccess('crm', 'write')
  send(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<EmailCampaignEntity> {
    return this.campaigns.send(scope, id);
  }

  /** Sends at `send_at` (in the future) by a job; a draft or a scheduled campaign (moved). */
  @Post(':id/schedule')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: EmailCampaignEntity })
  @RequireModuleAccess('crm', 'write')
  schedule(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: ScheduleCampaignDto,
  ): Promise<EmailCampaignEntity> {
    return this.campaigns.schedule(scope, id, body);
  }

  /** A scheduled campaign back to draft. */
  @Post(':id/cancel-schedule')
  @HttpCode(200)
  @ApiResponse({ status: 200, type: EmailCampaignEntity })
  @RequireModuleAccess('crm', 'write')
  cancelSchedule(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<EmailCampaignEntity> {
    return this.campaigns.cancelSchedule(scope, id);
  }

  /** A test message to the signed-in user's own address, through the outbox; counted nowhere. */
  @Post(':id/test')
  @HttpCode(202)
  @ApiResponse({ status: 202, type: CampaignTestSendResponse })
  @RequireModuleAccess('crm', 'write')
  testSend(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<CampaignTestSendResponse> {
    return this.campaigns.testSend(scope, id);
  }

  /** Delivery progress from the queue: totals by status, opens, clicks, unsubscribes, recipients. */
  @Get(':id/delivery')
  @ApiOkResponse({ type: CampaignDeliveryBody })
  @RequireModuleAccess('crm', 'read')
  delivery(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: CampaignDeliveryQueryDto,
  ): Promise<CampaignDelivery> {
    return this.campaigns.deliveryOf(scope, id, query);
  }
}
