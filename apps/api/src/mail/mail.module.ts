import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailQuotas } from './mail-quotas';
import { MailTransport } from './mail-transport';
import { OutboxController, PlatformOutboxController } from './outbox.controller';
import { OutboxMessageEntity } from './outbox-message.entity';
import { OutboxService } from './outbox.service';

/** Outbound e-mail: the outbox, its delivery job and the SMTP transport. Global: any feature may send. */
@Global()
@Module({
  imports: [TypeOrmModule.forFeature([OutboxMessageEntity])],
  controllers: [OutboxController, PlatformOutboxController],
  providers: [MailTransport, OutboxService, MailQuotas],
  exports: [OutboxService, MailQuotas],
})
export class MailModule {}
