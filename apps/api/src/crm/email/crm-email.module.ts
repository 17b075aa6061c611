import { Module } from '@nestjs/common';
import { CrmMailer } from './crm-mailer';
import { DirectEmailController } from './direct-email.controller';
import { DirectEmailService } from './direct-email.service';
import { MailLinks } from './mail-links';

/** E-mail from the CRM: the one send action (automation, workflows, compose) and tracked links. */
@Module({
  controllers: [DirectEmailController],
  providers: [CrmMailer, MailLinks, DirectEmailService],
  exports: [CrmMailer, MailLinks],
})
export class CrmEmailModule {}
