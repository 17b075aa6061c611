import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import type { WebFormSubmission } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi } from '../common/crm-api.decorators';
import { CreateWebFormDto, UpdateWebFormDto } from './dto/web-form.dto';
import { WebFormBody, WebFormSubmissionBody } from './web-form.responses';
import { type WebFormWithCount, WebFormsService } from './web-forms.service';

/** Forms owners build and embed on their sites (docs/product/web-forms.md). */
@CrmApi('crm web forms')
@Controller('crm/forms')
export class WebFormsController {
  constructor(private readonly forms: WebFormsService) {}

  @Get()
  @ApiOkResponse({ type: [WebFormBody] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<WebFormWithCount[]> {
    return this.forms.list(scope);
  }

  @Get(':id')
  @ApiOkResponse({ type: WebFormBody })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<WebFormWithCount> {
    return this.forms.get(scope, id);
  }

  @Get(':id/submissions')
  @ApiOkResponse({ type: [WebFormSubmissionBody] })
  @RequireModuleAccess('crm', 'read')
  submissions(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
  ): Promise<WebFormSubmission[]> {
    return this.forms.submissions(scope, id);
  }

  @Post()
  @ApiCreatedResponse({ type: WebFormBody })
  @RequireModuleAccess('crm', 'write')
  create(@Scope() scope: TenantScope, @Body() body: CreateWebFormDto): Promise<WebFormWithCount> {
    return this.forms.create(scope, body);
  }

  @Patch(':id')
  @ApiOkResponse({ type: WebFormBody })
  @RequireModuleAccess('crm', 'write')
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateWebFormDto,
  ): Promise<WebFormWithCount> {
    return this.forms.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse()
  @RequireModuleAccess('crm', 'write')
  remove(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.forms.remove(scope, id);
  }
}
