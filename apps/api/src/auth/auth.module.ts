import { createSecretKey } from 'node:crypto';
import { Module } from '@nestjs/common';
import { JwtModule } from '@nestjs/jwt';
import { TypeOrmModule } from '@nestjs/typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AccessTokens } from './access-tokens';
import { AccountThrottle } from './account-throttle';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { CredentialThrottleGuard } from './credential-throttle.guard';
import { PasswordResetService } from './password-reset.service';
import { PasswordResetTokenEntity } from './password-reset-token.entity';
import { RefreshTokenEntity } from './refresh-token.entity';
import { SessionRevocations } from './session-revocations';
import { SessionsService } from './sessions.service';
import { TwoFactorService } from './two-factor.service';
import { UserEntity } from './user.entity';

@Module({
  imports: [
    TypeOrmModule.forFeature([UserEntity, RefreshTokenEntity, PasswordResetTokenEntity]),
    JwtModule.registerAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => ({
        // A key object made once: given the string, jsonwebtoken converts it on every call, which
        // was the most expensive step of an authenticated request.
        secret: createSecretKey(Buffer.from(config.jwtSecret, 'utf8')),
        signOptions: { algorithm: 'HS256' },
        verifyOptions: { algorithms: ['HS256'] },
      }),
    }),
  ],
  controllers: [AuthController],
  providers: [
    AuthService,
    AccessTokens,
    SessionRevocations,
    AccountThrottle,
    CredentialThrottleGuard,
    PasswordResetService,
    SessionsService,
    TwoFactorService,
  ],
  exports: [
    AuthService,
    AccessTokens,
    SessionRevocations,
    AccountThrottle,
    CredentialThrottleGuard,
    SessionsService,
    TwoFactorService,
  ],
})
export class AuthModule {}
