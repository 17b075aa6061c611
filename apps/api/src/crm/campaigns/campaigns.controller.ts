import { ApiResponse } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CampaignsService } from './campaigns.service';
import { CreateCampaignDto, UpdateCampaignDto } from './dto/campaign.dto';
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

  @Post(':id/send')
  @ApiResponse({ status: 200, type: EmailCampaignEntity })
  @HttpCode(200)
  @RequireModuleAccess('crm', 'write')
  send(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<EmailCampaignEntity> {
    return this.campaigns.send(scope, id);
  }
}
