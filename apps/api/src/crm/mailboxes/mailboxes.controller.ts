import { Body, Controller, Delete, Get, HttpCode, Patch, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse } from '@nestjs/swagger';
import type { Mailbox } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi, RowId } from '../common/crm-api.decorators';
import { ConnectMailboxDto, MailboxBody, UpdateMailboxDto } from './dto/mailbox.dto';
import { MailboxesService } from './mailboxes.service';

/**
 * A person's connected mailboxes, in the scope of the request (an institution, or personal). Each
 * person reaches only their own; reading the CRM is enough, as the mail is theirs.
 */
@CrmApi('mailboxes')
@Controller('mailboxes')
export class MailboxesController {
  constructor(private readonly mailboxes: MailboxesService) {}

  @Get()
  @ApiOkResponse({
    type: [MailboxBody],
    description: 'Your mailboxes, each with its sync status and last error',
  })
  @RequireModuleAccess('crm', 'read')
  list(@Scope() scope: TenantScope): Promise<Mailbox[]> {
    return this.mailboxes.list(scope);
  }

  @Post()
  @ApiCreatedResponse({ type: MailboxBody, description: 'Connected; the first sync is queued' })
  @RequireModuleAccess('crm', 'read')
  connect(@Scope() scope: TenantScope, @Body() body: ConnectMailboxDto): Promise<Mailbox> {
    return this.mailboxes.connect(scope, body);
  }

  @Patch(':id')
  @ApiOkResponse({ type: MailboxBody })
  @RequireModuleAccess('crm', 'read')
  update(@Scope() scope: TenantScope, @RowId() id: string, @Body() body: UpdateMailboxDto): Promise<Mailbox> {
    return this.mailboxes.update(scope, id, body);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Disconnected; its synced messages are removed' })
  @RequireModuleAccess('crm', 'read')
  remove(@Scope() scope: TenantScope, @RowId() id: string): Promise<void> {
    return this.mailboxes.remove(scope, id);
  }
}
