import { ActsAsSystem } from '../access/tenant-scope';
import { Controller, Get, Param, ParseUUIDPipe, Query, UseGuards } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { OutboxMessageDetail, OutboxPage } from '@tessera/data-access/contracts';
import { RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { DEFAULT_PAGE_SIZE, PaginationQueryDto } from '../crm/common/pagination.dto';
import { SuperAdminGuard } from '../platform/super-admin.guard';
import { OutboxService } from './outbox.service';
import { ApiOkResponse } from '@nestjs/swagger';
import { OutboxMessageDetailBody, OutboxPageBody } from './outbox.responses';

/** The institution's outbox, for its owners and admins: what was sent, to whom, and how it went. */
@ApiTags('mail')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('outbox')
@RequireInstitutionRole('owner', 'admin')
export class OutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Get()
  @ApiOkResponse({ type: OutboxPageBody })
  list(@Scope() scope: TenantScope, @Query() page: PaginationQueryDto): Promise<OutboxPage> {
    return this.outbox.list(scope.institutionId, {
      limit: page.limit ?? DEFAULT_PAGE_SIZE,
      offset: page.offset ?? 0,
    });
  }

  @Get(':id')
  @ApiOkResponse({ type: OutboxMessageDetailBody })
  detail(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<OutboxMessageDetail> {
    return this.outbox.detail(scope.institutionId, id, { userId: scope.userId, role: scope.role });
  }
}

/** Every message, including those that belong to no institution (password resets): super admins. */
@ApiTags('platform')
@Controller('platform/outbox')
@UseGuards(SuperAdminGuard)
@ActsAsSystem('the platform console spans institutions; super admins only')
export class PlatformOutboxController {
  constructor(private readonly outbox: OutboxService) {}

  @Get()
  @ApiOkResponse({ type: OutboxPageBody })
  list(@Query() page: PaginationQueryDto): Promise<OutboxPage> {
    return this.outbox.list(null, { limit: page.limit ?? DEFAULT_PAGE_SIZE, offset: page.offset ?? 0 });
  }

  @Get(':id')
  @ApiOkResponse({ type: OutboxMessageDetailBody })
  detail(@Param('id', ParseUUIDPipe) id: string): Promise<OutboxMessageDetail> {
    return this.outbox.detail(null, id, null);
  }
}
