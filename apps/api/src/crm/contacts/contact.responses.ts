import { ApiProperty, IntersectionType } from '@nestjs/swagger';
import {
  AUTOMATION_ACTION_TYPES,
  type AutomationActionType,
  type FiredAutomationRule,
  type MoveContactResult,
} from '@tessera/data-access/contracts';
import { ContactEntity } from './contact.entity';
import { ContactCustomFieldEntity } from './contact-custom-field.entity';

class ContactCustomFields {
  @ApiProperty({ type: [ContactCustomFieldEntity] })
  custom_fields!: ContactCustomFieldEntity[];
}

/** A contact with its custom field values. */
export class ContactWithFieldsBody extends IntersectionType(ContactEntity, ContactCustomFields) {}

class FiredAutomationRuleBody implements FiredAutomationRule {
  @ApiProperty({ format: 'uuid' }) rule_id!: string;
  @ApiProperty({ enum: AUTOMATION_ACTION_TYPES, isArray: true }) actions!: AutomationActionType[];
}

export class MoveContactBody implements Omit<MoveContactResult, 'contact'> {
  @ApiProperty({ type: ContactEntity }) contact!: ContactEntity;
  @ApiProperty({ format: 'uuid' }) activity_id!: string;
  @ApiProperty({ type: [FiredAutomationRuleBody] }) rules_fired!: FiredAutomationRuleBody[];
}
