import { Body, Controller, HttpCode, Inject, Post, Res } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { ApiTags } from '@nestjs/swagger';
import { hash } from 'argon2';
import type { FastifyReply } from 'fastify';
import type { DataSource } from 'typeorm';
import { setSessionCookies } from '../auth/auth-cookies';
import { AuthService } from '../auth/auth.service';
import { UserEntity } from '../auth/user.entity';
import { Public } from '../common/public.decorator';
import { ConflictError, ForbiddenError } from '../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { AdministrationService } from './administration.service';
import { InvitedSignUpDto } from './dto/administration.dto';
import { InvitationEntity } from './invitation.entity';

export const INVITE_ONLY_MESSAGE =
  'Sign-up is by invitation only. Ask an administrator of your institution to invite this e-mail.';

/** Sign-up exists for invited e-mails only: the account is created with its pending memberships. */
@ApiTags('administration')
@Controller('invitations')
export class InvitationsController {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly administration: AdministrationService,
    private readonly auth: AuthService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Public()
  @Post('sign-up')
  @HttpCode(201)
  async signUp(@Body() body: InvitedSignUpDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const email = body.email.trim().toLowerCase();
    const passwordHash = await hash(body.password);
    await this.dataSource.transaction(async (manager) => {
      const users = manager.getRepository(UserEntity);
      if (await users.findOneBy({ email })) {
        throw new ConflictError('An account with this e-mail already exists. Sign in instead.');
      }
      // Only through the transaction: PGlite serves one transaction at a time, an outside query would wait for ever.
      if ((await manager.getRepository(InvitationEntity).countBy({ email })) === 0) {
        throw new ForbiddenError(INVITE_ONLY_MESSAGE);
      }
      const user = await users.save(
        users.create({
          email,
          passwordHash,
          firstName: body.first_name.trim(),
          lastName: body.last_name.trim(),
          avatarUrl: null,
        }),
      );
      await this.administration.acceptInvitations({ id: user.id, email }, manager);
    });
    const session = await this.auth.signIn(email, body.password);
    setSessionCookies(reply, session, this.config);
    return { user: session.user, access_expires_at: session.accessExpiresAt.toISOString() };
  }
}
