import { Body, Controller, Get, Param, ParseUUIDPipe, Put } from '@nestjs/common';
import type { LeadQualification } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { SaveQualificationDto } from './dto/qualification.dto';
import { QualificationService } from './qualification.service';
import { ApiOkResponse } from '@nestjs/swagger';
import { LeadQualificationBody } from '../leads/lead.responses';

@CrmApi('crm lead qualification')
@Controller('crm/leads/:id/qualification')
export class QualificationController {
  constructor(private readonly qualification: QualificationService) {}

  @Get()
  @ApiOkResponse({ type: LeadQualificationBody })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<LeadQualification> {
    return this.qualification.get(scope, id);
  }

  @Put()
  @ApiOkResponse({ type: LeadQualificationBody })
  @RequireModuleAccess('crm', 'write')
  save(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: SaveQualificationDto,
  ): Promise<LeadQualification> {
    return this.qualification.save(scope, id, body);
  }
}
