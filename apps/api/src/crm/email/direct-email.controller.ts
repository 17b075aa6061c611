import { applyDecorators, Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiResponse } from '@nestjs/swagger';
import type { SentCrmEmail } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { CrmApi, RowId } from '../common/crm-api.decorators';
import { DirectEmailService } from './direct-email.service';
import { SendEmailDto } from './dto/send-email.dto';
import { SentCrmEmailBody } from './sent-crm-email.body';

/** A Send Email route: CRM write access, and 202 once the message is queued. */
const QueuesEmail = (path: string) =>
  applyDecorators(
    Post(path),
    HttpCode(202),
    ApiResponse({ status: 202, type: SentCrmEmailBody, description: 'Queued for delivery' }),
    RequireModuleAccess('crm', 'write'),
  );

/**
 * Send Email on a lead or a contact: the message is queued in the outbox (202) and delivered by
 * a job; the completed email activity is logged on the record at once.
 */
@CrmApi('crm e-mail')
@Controller('crm')
export class DirectEmailController {
  constructor(private readonly emails: DirectEmailService) {}

  @QueuesEmail('leads/:id/emails')
  toLead(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: SendEmailDto,
  ): Promise<SentCrmEmail> {
    return this.emails.send(scope, 'lead', id, body);
  }

  @QueuesEmail('contacts/:id/emails')
  toContact(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: SendEmailDto,
  ): Promise<SentCrmEmail> {
    return this.emails.send(scope, 'contact', id, body);
  }
}
