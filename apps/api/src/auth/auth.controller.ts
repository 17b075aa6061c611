import { Body, Controller, Get, HttpCode, Inject, Patch, Post, Req, Res } from '@nestjs/common';
import { ApiAcceptedResponse, ApiExtraModels, ApiOkResponse, ApiTags, getSchemaPath } from '@nestjs/swagger';
import {
  type AuthUser,
  type SessionResponse,
  PASSWORD_RESET_DONE_MESSAGE,
  PASSWORD_RESET_REQUESTED_MESSAGE,
  type PasswordResetAnswer,
  type TwoFactorChallenge,
} from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { accessTokenOf, PENDING_SIGN_IN_TTL_SECONDS } from './access-tokens';
import {
  clearPendingSignInCookie,
  clearSessionCookies,
  PENDING_SIGN_IN_COOKIE,
  REFRESH_COOKIE,
  readCookie,
  setPendingSignInCookie,
  setSessionCookies,
} from './auth-cookies';
import { clientInfoOf } from '../common/client-info';
import { TwoFactorAnswerDto } from './dto/two-factor.dto';
import { AuthService, type IssuedSession } from './auth.service';
import { ChangePasswordDto } from './dto/change-password.dto';
import { PasswordResetConfirmDto, PasswordResetRequestDto } from './dto/password-reset.dto';
import { SignInDto } from './dto/sign-in.dto';
import { UpdateProfileDto } from './dto/update-profile.dto';
import { PasswordResetService } from './password-reset.service';
import { AuthUserBody, PasswordResetAnswerBody, SessionBody, TwoFactorChallengeBody } from './auth.responses';
import { ApiNoContent } from '../common/api-responses';

function sessionResponse(session: IssuedSession): SessionResponse {
  return { user: session.user, access_expires_at: session.accessExpiresAt.toISOString() };
}

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly passwordReset: PasswordResetService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** With two-factor on, a right password opens no session: it answers the challenge and a pending cookie. */
  @Public()
  @Post('sign-in')
  @HttpCode(200)
  @ApiExtraModels(SessionBody, TwoFactorChallengeBody)
  @ApiOkResponse({
    schema: {
      oneOf: [{ $ref: getSchemaPath(SessionBody) }, { $ref: getSchemaPath(TwoFactorChallengeBody) }],
    },
  })
  async signIn(
    @Body() body: SignInDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse | TwoFactorChallenge> {
    const outcome = await this.auth.signIn(body.email, body.password, clientInfoOf(request));
    if ('pendingToken' in outcome) {
      setPendingSignInCookie(reply, outcome.pendingToken, this.config, PENDING_SIGN_IN_TTL_SECONDS);
      return { two_factor_required: true };
    }
    setSessionCookies(reply, outcome, this.config);
    return sessionResponse(outcome);
  }

  @Public()
  @Post('sign-in/two-factor')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionBody })
  async signInTwoFactor(
    @Body() body: TwoFactorAnswerDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    const session = await this.auth.completeTwoFactor(
      readCookie(request, PENDING_SIGN_IN_COOKIE),
      body,
      clientInfoOf(request),
    );
    clearPendingSignInCookie(reply);
    setSessionCookies(reply, session, this.config);
    return sessionResponse(session);
  }

  @Public()
  @Post('refresh')
  @HttpCode(200)
  @ApiOkResponse({ type: SessionBody })
  async refresh(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<SessionResponse> {
    try {
      const session = await this.auth.refresh(readCookie(request, REFRESH_COOKIE), clientInfoOf(request));
      setSessionCookies(reply, session, this.config);
      return sessionResponse(session);
    } catch (error) {
      clearSessionCookies(reply);
      throw error;
    }
  }

  @Public()
  @Post('sign-out')
  @HttpCode(204)
  @ApiNoContent()
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.auth.signOut(readCookie(request, REFRESH_COOKIE), accessTokenOf(request)?.token);
    clearSessionCookies(reply);
  }

  @Get('user')
  @ApiOkResponse({ type: AuthUserBody })
  getUser(@CurrentUser() user: AuthenticatedUser): Promise<AuthUser> {
    return this.auth.getUser(user.id);
  }

  @Patch('user')
  @ApiOkResponse({ type: AuthUserBody })
  updateUser(@CurrentUser() user: AuthenticatedUser, @Body() body: UpdateProfileDto): Promise<AuthUser> {
    return this.auth.updateProfile(user.id, body);
  }

  /** Every session of the user ends; the caller continues in a fresh one (new cookies). */
  @Post('password')
  @HttpCode(204)
  @ApiNoContent('Password changed; fresh session cookies')
  async changePassword(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: ChangePasswordDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    const session = await this.auth.changePassword(user.id, body, clientInfoOf(request));
    setSessionCookies(reply, session, this.config);
  }

  /** The same answer whether or not the address has an account (docs/product/password-reset.md). */
  @Public()
  @Post('password-reset')
  @HttpCode(202)
  @ApiAcceptedResponse({ type: PasswordResetAnswerBody })
  async requestPasswordReset(@Body() body: PasswordResetRequestDto): Promise<PasswordResetAnswer> {
    await this.passwordReset.request(body.email);
    return { message: PASSWORD_RESET_REQUESTED_MESSAGE };
  }

  @Public()
  @Post('password-reset/confirm')
  @HttpCode(200)
  @ApiOkResponse({ type: PasswordResetAnswerBody })
  async confirmPasswordReset(@Body() body: PasswordResetConfirmDto): Promise<PasswordResetAnswer> {
    await this.passwordReset.confirm(body.token.trim(), body.password);
    return { message: PASSWORD_RESET_DONE_MESSAGE };
  }
}
