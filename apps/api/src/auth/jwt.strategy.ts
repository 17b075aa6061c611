import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { FastifyRequest } from 'fastify';
import { ExtractJwt, Strategy } from 'passport-jwt';
import type { AuthenticatedUser } from '../common/authenticated-user';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ACCESS_COOKIE, readCookie } from './auth-cookies';
import type { AccessTokenPayload } from './auth.service';
import { AuthService } from './auth.service';

/** The access token travels in an httpOnly cookie (browsers) or a Bearer header (API clients). */
@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    @Inject(APP_CONFIG) config: AppConfig,
    private readonly auth: AuthService,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromExtractors([
        (request: FastifyRequest) => readCookie(request, ACCESS_COOKIE) ?? null,
        ExtractJwt.fromAuthHeaderAsBearerToken(),
      ]),
      secretOrKey: config.jwtSecret,
      ignoreExpiration: false,
    });
  }

  validate(payload: AccessTokenPayload): AuthenticatedUser {
    return { id: payload.sub, email: payload.email, isSuperAdmin: this.auth.isSuperAdmin(payload.email) };
  }
}
