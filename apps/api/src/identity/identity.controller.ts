import { Body, Controller, Delete, Get, HttpCode, Param, ParseUUIDPipe, Post, Put } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type {
  AuthSessionSummary,
  EndedSessions,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
} from '@tessera/data-access/contracts';
import { RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { administeredInstitution } from '../administration/administration-rules';
import {
  AuthSessionBody,
  EndedSessionsBody,
  TwoFactorRecoveryCodesBody,
  TwoFactorSetupBody,
  TwoFactorStatusBody,
} from '../auth/auth.responses';
import { DisableTwoFactorDto, TwoFactorCodeDto } from '../auth/dto/two-factor.dto';
import { ApiNoContent } from '../common/api-responses';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { TwoFactorRequirementDto } from './two-factor-requirement.dto';
import { IdentityService } from './identity.service';

/** The caller's own sessions and two-factor sign-in (docs/product/sign-in-and-sessions.md). */
@ApiTags('auth')
@Controller('auth')
export class IdentityController {
  constructor(private readonly identity: IdentityService) {}

  @Get('sessions')
  @ApiOkResponse({ type: [AuthSessionBody] })
  sessions(@CurrentUser() user: AuthenticatedUser): Promise<AuthSessionSummary[]> {
    return this.identity.listSessions(user);
  }

  /** Ends one session at once, in every process; ending the current one signs this browser out. */
  @Delete('sessions/:id')
  @HttpCode(204)
  @ApiNoContent('Session ended')
  endSession(@CurrentUser() user: AuthenticatedUser, @Param('id', ParseUUIDPipe) id: string): Promise<void> {
    return this.identity.endSession(user, id);
  }

  @Post('sessions/end-others')
  @HttpCode(200)
  @ApiOkResponse({ type: EndedSessionsBody })
  endOthers(@CurrentUser() user: AuthenticatedUser): Promise<EndedSessions> {
    return this.identity.endOtherSessions(user);
  }

  @Get('two-factor')
  @ApiOkResponse({ type: TwoFactorStatusBody })
  twoFactor(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorStatus> {
    return this.identity.twoFactorStatus(user);
  }

  @Post('two-factor/setup')
  @HttpCode(200)
  @ApiOkResponse({ type: TwoFactorSetupBody })
  setUp(@CurrentUser() user: AuthenticatedUser): Promise<TwoFactorSetup> {
    return this.identity.setUpTwoFactor(user);
  }

  @Post('two-factor/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: TwoFactorRecoveryCodesBody })
  confirm(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: TwoFactorCodeDto,
  ): Promise<TwoFactorRecoveryCodes> {
    return this.identity.confirmTwoFactor(user, body.code);
  }

  @Post('two-factor/disable')
  @HttpCode(204)
  @ApiNoContent('Two-factor sign-in turned off')
  disable(@CurrentUser() user: AuthenticatedUser, @Body() body: DisableTwoFactorDto): Promise<void> {
    return this.identity.disableTwoFactor(user, body.password, body);
  }
}

/** What an institution's owners and admins decide about its members' sign-in. */
@ApiTags('administration')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('administration')
export class IdentityAdministrationController {
  constructor(private readonly identity: IdentityService) {}

  @Post('members/:userId/end-sessions')
  @HttpCode(200)
  @RequireInstitutionRole('owner', 'admin')
  @ApiOkResponse({ type: EndedSessionsBody })
  endMemberSessions(
    @Scope() scope: TenantScope,
    @Param('userId', ParseUUIDPipe) userId: string,
  ): Promise<EndedSessions> {
    return this.identity.endMemberSessions(scope, administeredInstitution(scope), userId);
  }

  @Put('two-factor-requirement')
  @HttpCode(204)
  @RequireInstitutionRole('owner')
  @ApiNoContent('Requirement saved')
  setRequirement(@Scope() scope: TenantScope, @Body() body: TwoFactorRequirementDto): Promise<void> {
    return this.identity.setTwoFactorRequired(scope, administeredInstitution(scope), body.required);
  }
}
