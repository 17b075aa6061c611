import { ApiProperty } from '@nestjs/swagger';
import type {
  AuthSessionSummary,
  EndedSessions,
  TwoFactorChallenge,
  TwoFactorRecoveryCodes,
  TwoFactorSetup,
  TwoFactorStatus,
  AuthUser,
  PasswordResetAnswer,
  SessionResponse,
  UserMetadata,
} from '@tessera/data-access/contracts';

export class UserMetadataBody implements UserMetadata {
  @ApiProperty({ type: String, nullable: true })
  first_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  last_name!: string | null;

  @ApiProperty({ type: String, nullable: true })
  avatar_url!: string | null;
}

export class AuthUserBody implements AuthUser {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty()
  email!: string;

  @ApiProperty({ type: UserMetadataBody })
  user_metadata!: UserMetadataBody;
}

export class SessionBody implements SessionResponse {
  @ApiProperty({ type: AuthUserBody })
  user!: AuthUserBody;

  @ApiProperty({ format: 'date-time', description: 'When the access cookie expires (refresh before it)' })
  access_expires_at!: string;
}

export class PasswordResetAnswerBody implements PasswordResetAnswer {
  @ApiProperty()
  message!: string;
}

export class TwoFactorChallengeBody implements TwoFactorChallenge {
  @ApiProperty({
    enum: [true],
    description: 'The password was right; send a code to /api/auth/sign-in/two-factor',
  })
  two_factor_required!: true;
}

export class AuthSessionBody implements AuthSessionSummary {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({ example: 'Chrome on macOS' })
  device!: string;

  @ApiProperty({ type: String, nullable: true })
  ip!: string | null;

  @ApiProperty({ format: 'date-time' })
  created_at!: string;

  @ApiProperty({ format: 'date-time' })
  last_used_at!: string;

  @ApiProperty({ description: 'The session this request was made with' })
  current!: boolean;
}

export class EndedSessionsBody implements EndedSessions {
  @ApiProperty()
  ended!: number;
}

export class TwoFactorSetupBody implements TwoFactorSetup {
  @ApiProperty({ description: 'Base32, for typing into an authenticator app' })
  secret!: string;

  @ApiProperty({ example: 'otpauth://totp/Tessera:dana%40acme.test?issuer=Tessera&secret=…' })
  otpauth_url!: string;
}

export class TwoFactorRecoveryCodesBody implements TwoFactorRecoveryCodes {
  @ApiProperty({ type: [String], description: 'Shown once; each works once' })
  recovery_codes!: string[];
}

export class TwoFactorStatusBody implements TwoFactorStatus {
  @ApiProperty()
  enabled!: boolean;

  @ApiProperty()
  recovery_codes_left!: number;
}
