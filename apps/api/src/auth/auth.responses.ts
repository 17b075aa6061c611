import { ApiProperty } from '@nestjs/swagger';
import type {
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
