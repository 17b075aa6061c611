import { ActsAsSystem } from '../access/tenant-scope';
import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type {
  AcceptedInvitation,
  InvitationLookup,
  InvitedSignUpAnswer,
} from '@tessera/data-access/contracts';
import type { FastifyReply } from 'fastify';
import { setSessionCookies } from '../auth/auth-cookies';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { InvitationTokenDto, InvitedSignUpDto } from './dto/administration.dto';
import { InvitationsService } from './invitations.service';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import {
  AcceptedInvitationBody,
  InvitationLookupBody,
  InvitedSignUpAnswerBody,
} from './administration.responses';

/**
 * The invitee's side: every call carries the e-mailed link's token in the body (never in a URL,
 * which servers log). Sign-up exists only here.
 */
@ApiTags('administration')
@Controller('invitations')
export class InvitationsController {
  constructor(
    private readonly invitations: InvitationsService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @ActsAsSystem('an invitation is found by its token, before anyone is a member')
  @Post('lookup')
  @ApiOkResponse({ type: InvitationLookupBody })
  @HttpCode(200)
  lookup(@Body() body: InvitationTokenDto): Promise<InvitationLookup> {
    return this.invitations.lookup(body.token.trim());
  }

  @Public()
  @ActsAsSystem('an invitation is found by its token, before anyone is a member')
  @Post('sign-up')
  @ApiCreatedResponse({ type: InvitedSignUpAnswerBody })
  @HttpCode(201)
  async signUp(
    @Body() body: InvitedSignUpDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<InvitedSignUpAnswer> {
    const { session, invitation } = await this.invitations.signUp({
      token: body.token.trim(),
      password: body.password,
      firstName: body.first_name,
      lastName: body.last_name,
    });
    setSessionCookies(reply, session, this.config);
    return { user: session.user, access_expires_at: session.accessExpiresAt.toISOString(), invitation };
  }

  @ActsAsSystem('an invitation is found by its token, before anyone is a member')
  @Post('accept')
  @ApiOkResponse({ type: AcceptedInvitationBody })
  @HttpCode(200)
  accept(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: InvitationTokenDto,
  ): Promise<AcceptedInvitation> {
    return this.invitations.acceptSignedIn(user, body.token.trim());
  }
}
