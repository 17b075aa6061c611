import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseIntPipe,
  ParseUUIDPipe,
  Patch,
  Post,
  Put,
  Query,
  DefaultValuePipe,
} from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type {
  AdministrationOverview,
  AuditEntry,
  IncludedModules,
  InvitationSummary,
  MemberSummary,
} from '@tessera/data-access/contracts';
import { RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { administeredInstitution } from './administration-rules';
import { AuditLogService } from './audit-log.service';
import { InstitutionModulesService } from './institution-modules.service';
import { MemberInvitationsService } from './member-invitations.service';
import { MembersService } from './members.service';
import {
  ChangeRoleDto,
  InviteMemberDto,
  SetModuleEnabledDto,
  SetModuleLevelDto,
} from './dto/administration.dto';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import {
  AdministrationOverviewBody,
  AuditEntryBody,
  IncludedModulesBody,
  InvitationSummaryBody,
  MemberSummaryBody,
} from './administration.responses';

/**
 * Institution administration: only the institution's owners and admins (and super admins); the
 * tenant guard answers 403 to anyone else and refuses suspended institutions.
 */
@ApiTags('administration')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('administration')
@RequireInstitutionRole('owner', 'admin')
export class AdministrationController {
  constructor(
    private readonly modules: InstitutionModulesService,
    private readonly membership: MembersService,
    private readonly invites: MemberInvitationsService,
    private readonly audit: AuditLogService,
  ) {}

  @Get()
  @ApiOkResponse({ type: AdministrationOverviewBody })
  overview(@Scope() scope: TenantScope): Promise<AdministrationOverview> {
    return this.modules.overview(scope, administeredInstitution(scope));
  }

  @Put('modules/:moduleId')
  @ApiOkResponse({ type: IncludedModulesBody })
  async setModuleEnabled(
    @Scope() scope: TenantScope,
    @Param('moduleId') moduleId: string,
    @Body() body: SetModuleEnabledDto,
  ): Promise<IncludedModules> {
    const institutionId = administeredInstitution(scope);
    return {
      modules_included: await this.modules.enableModuleFor(scope, institutionId, moduleId, body.enabled),
    };
  }

  @Get('members')
  @ApiOkResponse({ type: [MemberSummaryBody] })
  members(@Scope() scope: TenantScope): Promise<MemberSummary[]> {
    return this.membership.listMembers(administeredInstitution(scope));
  }

  @Patch('members/:userId')
  @HttpCode(204)
  changeRole(
    @Scope() scope: TenantScope,
    @Param('userId', ParseUUIDPipe) userId: string,
    @Body() body: ChangeRoleDto,
  ): Promise<void> {
    return this.membership.changeRole(scope, administeredInstitution(scope), userId, body.role);
  }

  @Put('members/:userId/modules/:moduleId')
  @HttpCode(204)
  setModuleLevel(
    @Scope() scope: TenantScope,
    @Param('userId', ParseUUIDPipe) userId: string,
    @Param('moduleId') moduleId: string,
    @Body() body: SetModuleLevelDto,
  ): Promise<void> {
    return this.membership.setModuleLevel(
      scope,
      administeredInstitution(scope),
      userId,
      moduleId,
      body.level,
    );
  }

  @Delete('members/:userId')
  @HttpCode(204)
  removeMember(@Scope() scope: TenantScope, @Param('userId', ParseUUIDPipe) userId: string): Promise<void> {
    return this.membership.removeMember(scope, administeredInstitution(scope), userId);
  }

  @Get('invitations')
  @ApiOkResponse({ type: [InvitationSummaryBody] })
  invitations(@Scope() scope: TenantScope): Promise<InvitationSummary[]> {
    return this.invites.listInvitations(administeredInstitution(scope));
  }

  @Post('invitations')
  @ApiCreatedResponse({ type: InvitationSummaryBody })
  invite(@Scope() scope: TenantScope, @Body() body: InviteMemberDto): Promise<InvitationSummary> {
    return this.invites.invite(scope, administeredInstitution(scope), body.email, body.role);
  }

  @Post('invitations/:invitationId/resend')
  @ApiOkResponse({ type: InvitationSummaryBody })
  @HttpCode(200)
  resendInvitation(
    @Scope() scope: TenantScope,
    @Param('invitationId', ParseUUIDPipe) invitationId: string,
  ): Promise<InvitationSummary> {
    return this.invites.resendInvitation(scope, administeredInstitution(scope), invitationId);
  }

  @Delete('invitations/:invitationId')
  @HttpCode(204)
  revokeInvitation(
    @Scope() scope: TenantScope,
    @Param('invitationId', ParseUUIDPipe) invitationId: string,
  ): Promise<void> {
    return this.invites.revokeInvitation(scope, administeredInstitution(scope), invitationId);
  }

  @Get('audit')
  @ApiOkResponse({ type: [AuditEntryBody] })
  auditLog(
    @Scope() scope: TenantScope,
    @Query('limit', new DefaultValuePipe(100), ParseIntPipe) limit: number,
  ): Promise<AuditEntry[]> {
    return this.audit.list(administeredInstitution(scope), limit);
  }
}
