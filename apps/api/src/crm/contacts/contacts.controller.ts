import { ApiResponse } from '@nestjs/swagger';
import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import type { Page } from '@tessera/data-access/contracts';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ChangesCrmRow, CrmApi } from '../common/crm-api.decorators';
import { PageOf, PaginationQueryDto } from '../common/pagination.dto';
import { ContactEntity } from './contact.entity';
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
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { ContactWithFieldsBody, MoveContactBody } from './contact.responses';

const ContactPage = PageOf(ContactEntity, 'ContactPage');

@CrmApi('crm contacts')
@Controller('crm/contacts')
export class ContactsController {
  constructor(private readonly contacts: ContactsService) {}

  @Get()
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: ContactPage })
  list(@Scope() scope: TenantScope, @Query() query: PaginationQueryDto): Promise<Page<ContactEntity>> {
    return this.contacts.list(scope, query);
  }

  @Get('search')
  @RequireModuleAccess('crm', 'read')
  @ApiResponse({ status: 200, type: ContactPage })
  search(@Scope() scope: TenantScope, @Query() query: ContactSearchQueryDto): Promise<Page<ContactEntity>> {
    return this.contacts.search(scope, query);
  }

  @Get('with-custom-fields')
  @ApiOkResponse({ type: [ContactWithFieldsBody] })
  @RequireModuleAccess('crm', 'read')
  withCustomFields(
    @Scope() scope: TenantScope,
    @Query() query: PaginationQueryDto,
  ): Promise<ContactWithFields[]> {
    return this.contacts.listWithFields(scope, query.limit, query.offset);
  }

  @Get(':id')
  @ApiOkResponse({ type: ContactWithFieldsBody })
  @RequireModuleAccess('crm', 'read')
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<ContactWithFields> {
    return this.contacts.getWithFields(scope, id);
  }

  @Post()
  @ApiCreatedResponse({ type: ContactWithFieldsBody })
  @ChangesCrmRow('contact')
  create(@Scope() scope: TenantScope, @Body() body: CreateContactDto): Promise<ContactWithFields> {
    return this.contacts.create(scope, body);
  }

  @Patch(':id')
  @ChangesCrmRow('contact')
  @ApiResponse({ status: 200, type: ContactEntity })
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateContactDto,
  ): Promise<ContactEntity> {
    return this.contacts.update(scope, id, body);
  }

  @Put(':id/custom-fields')
  @ChangesCrmRow('contact', 'updated')
  @ApiResponse({ status: 200, type: ContactCustomFieldEntity })
  upsertCustomField(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: CustomFieldDto,
  ): Promise<ContactCustomFieldEntity> {
    return this.contacts.upsertCustomField(scope, id, body);
  }

  @Patch(':id/tags')
  @ChangesCrmRow('contact', 'updated')
  @ApiResponse({ status: 200, type: ContactEntity })
  updateTags(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateTagsDto,
  ): Promise<ContactEntity> {
    return this.contacts.updateTags(scope, id, body.tags);
  }

  @Patch(':id/status')
  @ChangesCrmRow('contact', 'updated')
  @ApiResponse({ status: 200, type: ContactEntity })
  updateStatus(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateStatusDto,
  ): Promise<ContactEntity> {
    return this.contacts.updateStatus(scope, id, body.status);
  }

  @Post(':id/move')
  @ApiOkResponse({ type: MoveContactBody })
  @ChangesCrmRow('contact', 'moved')
  @HttpCode(200)
  move(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: MoveContactDto,
  ): Promise<MoveResult> {
    return this.contacts.move(scope, id, body);
  }
}
