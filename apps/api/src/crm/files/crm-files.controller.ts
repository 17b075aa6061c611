import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Put,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiResponse } from '@nestjs/swagger';
import { DEAL_FILE_MAX_BYTES, type DealFile, type PipelinePreferences } from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { MultipartUpload, readUpload } from '../../security/multipart-limits';
import { CrmApi } from '../common/crm-api.decorators';
import { CrmFilesService } from './crm-files.service';
import { PipelinePreferencesDto, PipelinePreferencesResponse } from './dto/pipeline-preferences.dto';
import { attachmentDisposition, DOWNLOAD_SECURITY_HEADERS, servedContentType } from './safe-download';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ApiFile } from '../../common/api-responses';
import { DealFileBody } from './deal-file.body';

@CrmApi('crm deal files')
@Controller('crm/deals/:dealId/files')
export class CrmDealFilesController {
  constructor(private readonly files: CrmFilesService) {}

  @Get()
  @ApiOkResponse({ type: [DealFileBody] })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope, @Param('dealId', ParseUUIDPipe) dealId: string): Promise<DealFile[]> {
    return this.files.list(scope, dealId);
  }

  @Post()
  @ApiCreatedResponse({ type: DealFileBody })
  @RequireModuleAccess('crm', 'write')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @MultipartUpload({ fileSize: DEAL_FILE_MAX_BYTES })
  async upload(
    @Scope() scope: TenantScope,
    @Param('dealId', ParseUUIDPipe) dealId: string,
    @Req() request: FastifyRequest,
  ): Promise<DealFile> {
    return this.files.upload(scope, dealId, await readUpload(request));
  }

  /** Always a download, never a page of this origin: allow-listed type, sandboxed, no sniffing. */
  @Get(':fileId/download')
  @ApiFile('application/octet-stream', "The file's bytes as an attachment, in its allow-listed type", {
    binary: true,
  })
  @RequireModuleAccess('crm', 'read')
  async download(
    @Scope() scope: TenantScope,
    @Param('dealId', ParseUUIDPipe) dealId: string,
    @Param('fileId', ParseUUIDPipe) fileId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.files.download(scope, dealId, fileId);
    reply.headers(DOWNLOAD_SECURITY_HEADERS);
    return new StreamableFile(file.content, {
      type: servedContentType(file.content_type),
      length: file.content.length,
      disposition: attachmentDisposition(file.file_name),
    });
  }

  @Delete(':fileId')
  @HttpCode(204)
  @RequireModuleAccess('crm', 'write')
  remove(
    @Scope() scope: TenantScope,
    @Param('dealId', ParseUUIDPipe) dealId: string,
    @Param('fileId', ParseUUIDPipe) fileId: string,
  ): Promise<void> {
    return this.files.remove(scope, dealId, fileId);
  }
}

/** "Configure" on the pipeline (docs/product/pipeline.md#configure): the columns each user hides and the cards' order, saved per user. */
@CrmApi('crm preferences')
@Controller('crm/preferences')
export class CrmPreferencesController {
  constructor(private readonly files: CrmFilesService) {}

  @Get('pipeline')
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: PipelinePreferencesResponse })
  pipeline(@Scope() scope: TenantScope): Promise<PipelinePreferences> {
    return this.files.pipelinePreferences(scope);
  }

  @Put('pipeline')
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: PipelinePreferencesResponse })
  savePipeline(
    @Scope() scope: TenantScope,
    @Body() body: PipelinePreferencesDto,
  ): Promise<PipelinePreferences> {
    return this.files.savePipelinePreferences(scope, body);
  }
}
