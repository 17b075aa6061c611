import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Post,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiOkResponse, ApiResponse } from '@nestjs/swagger';
import type { EmailThread, SentEmailMessage } from '@tessera/data-access/contracts';
import type { FastifyReply } from 'fastify';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ApiFile } from '../../common/api-responses';
import { CrmApi, RowId } from '../common/crm-api.decorators';
import { attachmentDisposition, DOWNLOAD_SECURITY_HEADERS, servedContentType } from '../files/safe-download';
import { EmailThreadBody, SentEmailMessageBody } from './dto/email-thread.body';
import { SendEmailDto } from '../email/dto/send-email.dto';
import { ReplyEmailDto } from './dto/reply-email.dto';
import { EmailThreadsService } from './email-threads.service';

const ThreadsOf =
  (path: string) => (target: object, key: string | symbol, descriptor: PropertyDescriptor) => {
    Get(path)(target, key, descriptor);
    ApiOkResponse({ type: [EmailThreadBody], description: 'Conversation threads, newest first' })(
      target,
      key,
      descriptor,
    );
    RequireModuleAccess('crm', 'read')(target, key, descriptor);
  };

/** E-mail conversations on contact, lead, company and deal pages, and replies written there. */
@CrmApi('crm e-mail')
@Controller('crm')
export class EmailThreadsController {
  constructor(private readonly threads: EmailThreadsService) {}

  @ThreadsOf('contacts/:id/emails')
  ofContact(@Scope() scope: TenantScope, @RowId() id: string): Promise<EmailThread[]> {
    return this.threads.threads(scope, 'contacts', id);
  }

  @ThreadsOf('leads/:id/emails')
  ofLead(@Scope() scope: TenantScope, @RowId() id: string): Promise<EmailThread[]> {
    return this.threads.threads(scope, 'leads', id);
  }

  @ThreadsOf('companies/:id/emails')
  ofCompany(@Scope() scope: TenantScope, @RowId() id: string): Promise<EmailThread[]> {
    return this.threads.threads(scope, 'companies', id);
  }

  @ThreadsOf('deals/:id/emails')
  ofDeal(@Scope() scope: TenantScope, @RowId() id: string): Promise<EmailThread[]> {
    return this.threads.threads(scope, 'deals', id);
  }

  @Post('deals/:id/emails')
  @HttpCode(202)
  @ApiResponse({
    status: 202,
    type: SentEmailMessageBody,
    description: "Queued for delivery to the deal's contact",
  })
  @RequireModuleAccess('crm', 'write')
  compose(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: SendEmailDto,
  ): Promise<SentEmailMessage> {
    return this.threads.compose(scope, id, body);
  }

  @Post('emails/:id/reply')
  @HttpCode(202)
  @ApiResponse({
    status: 202,
    type: SentEmailMessageBody,
    description: 'Queued for delivery and on the thread',
  })
  @RequireModuleAccess('crm', 'write')
  reply(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: ReplyEmailDto,
  ): Promise<SentEmailMessage> {
    return this.threads.reply(scope, id, body);
  }

  /** Always a download, as deal files are: allow-listed type, sandboxed, no sniffing. */
  @Get('email-attachments/:attachmentId')
  @ApiFile('application/octet-stream', "The attachment's bytes", { binary: true })
  @RequireModuleAccess('crm', 'read')
  async attachment(
    @Scope() scope: TenantScope,
    @Param('attachmentId', ParseUUIDPipe) attachmentId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const file = await this.threads.attachment(scope, attachmentId);
    reply.headers(DOWNLOAD_SECURITY_HEADERS);
    return new StreamableFile(file.content, {
      type: servedContentType(file.content_type),
      length: file.content.length,
      disposition: attachmentDisposition(file.file_name),
    });
  }
}
