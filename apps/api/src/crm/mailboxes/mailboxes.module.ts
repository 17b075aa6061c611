import { Module } from '@nestjs/common';
import { CrmEmailModule } from '../email/crm-email.module';
import { SequencesModule } from '../sequences/sequences.module';
import { EmailThreadsController } from './email-threads.controller';
import { EmailThreadsService } from './email-threads.service';
import { MailboxSyncService } from './mailbox-sync.service';
import { MailboxesController } from './mailboxes.controller';
import { MailboxesService } from './mailboxes.service';

/** Connected mailboxes synced over IMAP, conversations on CRM timelines, replies from the CRM. */
@Module({
  imports: [CrmEmailModule, SequencesModule],
  controllers: [MailboxesController, EmailThreadsController],
  providers: [MailboxesService, MailboxSyncService, EmailThreadsService],
  exports: [MailboxSyncService],
})
export class MailboxesModule {}
