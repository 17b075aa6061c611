import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post, Query } from '@nestjs/common';
import type { CampaignDelivery } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CampaignsService } from './campaigns.service';
import { CampaignDeliveryQueryDto, CreateCampaignDto, UpdateCampaignDto } from './dto/campaign.dto';
import { EmailCampaignEntity } from './email-campaign.entity';

@CrmApi('crm email campaigns')
@Controller('crm/email-campaigns')
export class CampaignsController {
  constructor(private readonly campaigns: CampaignsService) {}

  @Get()
  @ApiResponse({ status: 200, type: [EmailCampaignEntity] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<EmailCampaignEntity[]> {
    return this.campaigns.list(scope);
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

  /** Delivery progress from the queue: totals by status, opens, clicks, unsubscribes, recipients. */
  @Get(':id/delivery')
  @RequireModuleAccess('crm', 'read')
  delivery(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Query() query: CampaignDeliveryQueryDto,
  ): Promise<CampaignDelivery> {
    return this.campaigns.deliveryOf(scope, id, query);
  }
}
