import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AutomationModule } from '../automation/automation.module';
import { ContactEntity } from './contact.entity';
import { ContactCustomFieldEntity } from './contact-custom-field.entity';
import { ContactsController } from './contacts.controller';
import { ContactsService } from './contacts.service';

@Module({
  imports: [TypeOrmModule.forFeature([ContactEntity, ContactCustomFieldEntity]), AutomationModule],
  controllers: [ContactsController],
  providers: [ContactsService],
})
export class ContactsModule {}
