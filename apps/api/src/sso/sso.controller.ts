import { Body, Controller, Delete, Get, HttpCode, Inject, Put, Query, Req, Res } from '@nestjs/common';
import { ApiHeader, ApiOkResponse, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { SsoDiscovery, SsoSettingsAnswer } from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ActsAsSystem, RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { administeredInstitution } from '../administration/administration-rules';
import { readCookie, setSessionCookies } from '../auth/auth-cookies';
import { clientInfoOf } from '../common/client-info';
import { ApiNoContent } from '../common/api-responses';
import { Public } from '../common/public.decorator';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { SsoEmailQueryDto, SsoSettingsDto } from './dto/sso-settings.dto';
import { SSO_STATE_TTL_SECONDS, SsoRefusal, SsoSignInService } from './sso-sign-in.service';
import { SsoDiscoveryBody, SsoSettingsAnswerBody } from './sso.responses';
import { SsoSettingsService } from './sso-settings.service';

/** Carries state, nonce and the PKCE verifier from the start to the provider's redirect back. */
const SSO_STATE_COOKIE = 'tessera_sso';
const SSO_COOKIE_PATH = '/api/auth/sso';
const REDIRECT = { status: 302, description: 'Redirect (Location header)' };

/** Single sign-on as people use it: which provider an address signs in with, and the code flow. */
@ApiTags('auth')
@Controller('auth/sso')
export class SsoController {
  constructor(
    private readonly signIn: SsoSignInService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Get()
  @ApiOkResponse({ type: SsoDiscoveryBody })
  discover(@Query() query: SsoEmailQueryDto): Promise<SsoDiscovery> {
    return this.signIn.discover(query.email);
  }

  @Public()
  @Get('start')
  @ActsAsSystem(
    'single sign-on finds the institution by the e-mail domain it claims, before anyone is signed in',
  )
  @ApiResponse(REDIRECT)
  async start(@Query() query: SsoEmailQueryDto, @Res() reply: FastifyReply): Promise<void> {
    try {
      const { authorizationUrl, stateToken } = await this.signIn.start(query.email);
      reply.setCookie(SSO_STATE_COOKIE, stateToken, {
        httpOnly: true,
        // Lax: the provider's redirect back is a top-level GET from its site, which Lax lets through.
        sameSite: 'lax',
        secure: this.config.cookieSecure,
        path: SSO_COOKIE_PATH,
        maxAge: SSO_STATE_TTL_SECONDS,
      });
      await reply.status(302).header('Location', authorizationUrl).send();
    } catch (error) {
      await this.backToSignIn(reply, error);
    }
  }

  @Public()
  @Get('callback')
  @ActsAsSystem(
    'the provider’s redirect is tied to its institution by the signed state, before anyone is signed in',
  )
  @ApiResponse(REDIRECT)
  async callback(@Req() request: FastifyRequest, @Res() reply: FastifyReply): Promise<void> {
    reply.clearCookie(SSO_STATE_COOKIE, { path: SSO_COOKIE_PATH });
    try {
      const session = await this.signIn.complete(
        readCookie(request, SSO_STATE_COOKIE),
        new URL(request.url, this.config.publicUrl),
        clientInfoOf(request),
      );
      setSessionCookies(reply, session, this.config);
      await reply.status(302).header('Location', '/dashboard').send();
    } catch (error) {
      await this.backToSignIn(reply, error);
    }
  }

  /** Refusals are read on the sign-in page; anything else is the server's error to log. */
  private async backToSignIn(reply: FastifyReply, error: unknown): Promise<void> {
    if (!(error instanceof SsoRefusal)) throw error;
    await reply
      .status(302)
      .header('Location', `/signin?sso_error=${encodeURIComponent(error.message)}`)
      .send();
  }
}

/** Owners set up their institution's provider. */
@ApiTags('administration')
@ApiHeader({ name: 'X-Institution-Id', required: true })
@Controller('administration/sso')
@RequireInstitutionRole('owner')
export class SsoSettingsController {
  constructor(private readonly settings: SsoSettingsService) {}

  @Get()
  @ApiOkResponse({ type: SsoSettingsAnswerBody })
  get(@Scope() scope: TenantScope): Promise<SsoSettingsAnswer> {
    return this.settings.get(administeredInstitution(scope));
  }

  @Put()
  @ApiOkResponse({ type: SsoSettingsAnswerBody })
  save(@Scope() scope: TenantScope, @Body() body: SsoSettingsDto): Promise<SsoSettingsAnswer> {
    return this.settings.save(scope, administeredInstitution(scope), body);
  }

  @Delete()
  @HttpCode(204)
  @ApiNoContent('Single sign-on removed')
  remove(@Scope() scope: TenantScope): Promise<void> {
    return this.settings.remove(scope, administeredInstitution(scope));
  }
}
