import { Body, Controller, HttpCode, Post, Put, Query } from '@nestjs/common';
import { ApiOkResponse } from '@nestjs/swagger';
import type { Page } from '@tessera/data-access/contracts';
import { Scope, type TenantScope } from '../../access/tenant-scope';
import {
  ChangesCrmRow,
  CreatesCrmRow,
  CrmApi,
  ReadsCrm,
  RowId,
  UpdatesCrmRow,
} from '../common/crm-api.decorators';
import { PageOf, PaginationQueryDto } from '../common/pagination.dto';
import { ContactEntity } from './contact.entity';
import { ContactWithFieldsBody, MoveContactBody } from './contact.responses';
import { ContactCustomFieldEntity } from './contact-custom-field.entity';
import { type ContactWithFields, ContactsService, type MoveResult } from './contacts.service';
import {
  ContactSearchQueryDto,
  CreateContactDto,
  CustomFieldDto,
  MoveContactDto,
  UpdateContactDto,
  UpdateStatusDto,
  UpdateTagsDto,
} from './dto/contact.dto';

const ContactPage = PageOf(ContactEntity, 'ContactPage');

@CrmApi('crm contacts')
@Controller('crm/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @ReadsCrm(undefined, ContactPage)
  list(@Scope() scope: TenantScope, @Query() query: PaginationQueryDto): Promise<Page<ContactEntity>> {
    return this.contacts.list(scope, query);
  }

  @ReadsCrm('search', ContactPage)
  search(@Scope() scope: TenantScope, @Query() query: ContactSearchQueryDto): Promise<Page<ContactEntity>> {
    return this.contacts.search(scope, query);
  }

  @ReadsCrm('with-custom-fields', [ContactWithFieldsBody])
  withCustomFields(
    @Scope() scope: TenantScope,
    @Query() query: PaginationQueryDto,
  ): Promise<ContactWithFields[]> {
    return this.contacts.listWithFields(scope, query.limit, query.offset);
  }

  @ReadsCrm(':id', ContactWithFieldsBody)
  get(@Scope() scope: TenantScope, @RowId() id: string): Promise<ContactWithFields> {
    return this.contacts.getWithFields(scope, id);
  }

  @CreatesCrmRow(ChangesCrmRow('contact'), ContactWithFieldsBody)
  create(@Scope() scope: TenantScope, @Body() body: CreateContactDto): Promise<ContactWithFields> {
    return this.contacts.create(scope, body);
  }

  @UpdatesCrmRow(ChangesCrmRow('contact'), ContactEntity)
  update(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: UpdateContactDto,
  ): Promise<ContactEntity> {
    return this.contacts.update(scope, id, body);
  }

  @Put(':id/custom-fields')
  @ChangesCrmRow('contact', 'updated')
  @ApiOkResponse({ type: ContactCustomFieldEntity })
  upsertCustomField(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: CustomFieldDto,
  ): Promise<ContactCustomFieldEntity> {
    return this.contacts.upsertCustomField(scope, id, body);
  }

  @UpdatesCrmRow(ChangesCrmRow('contact', 'updated'), ContactEntity, ':id/tags')
  updateTags(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: UpdateTagsDto,
  ): Promise<ContactEntity> {
    return this.contacts.updateTags(scope, id, body.tags);
  }

  @UpdatesCrmRow(ChangesCrmRow('contact', 'updated'), ContactEntity, ':id/status')
  updateStatus(
    @Scope() scope: TenantScope,
    @RowId() id: string,
    @Body() body: UpdateStatusDto,
  ): Promise<ContactEntity> {
    return this.contacts.updateStatus(scope, id, body.status);
  }

  @Post(':id/move')
  @ApiOkResponse({ type: MoveContactBody })
  @ChangesCrmRow('contact', 'moved')
  @HttpCode(200)
  move(@Scope() scope: TenantScope, @RowId() id: string, @Body() body: MoveContactDto): Promise<MoveResult> {
    return this.contacts.move(scope, id, body);
  }
}
