import { Controller, Get, Req } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { FeatureFlagsResponse } from '@tessera/data-access/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import type { FastifyRequest } from 'fastify';
import type { Repository } from 'typeorm';
import { AccessService } from '../access/access.service';
import { institutionIdFrom } from '../access/tenant-scope.guard';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { ForbiddenError, InvalidInputError } from '../common/domain-errors';
import { FeatureFlagEntity } from './feature-flag.entity';

@ApiTags('feature-flags')
@Controller('feature-flags')
export class FeatureFlagsController {
  constructor(
    @InjectRepository(FeatureFlagEntity) private readonly flags: Repository<FeatureFlagEntity>,
    private readonly access: AccessService,
  ) {}

  /** The selected institution's feature flags; the shell caches them per institution. */
  @Get()
  @ApiHeader({ name: 'X-Institution-Id', required: true })
  async list(
    @CurrentUser() user: AuthenticatedUser,
    @Req() request: FastifyRequest,
  ): Promise<FeatureFlagsResponse> {
    const institutionId = institutionIdFrom(request);
    if (!institutionId) throw new InvalidInputError('X-Institution-Id is required');
    if (!(await this.access.institutionAccess(user, institutionId))) {
      throw new ForbiddenError('You are not a member of this institution');
    }
    const rows = await this.flags.find({ where: { institutionId }, order: { key: 'ASC' } });
    return { flags: Object.fromEntries(rows.map((row) => [row.key, row.enabled])) };
  }
}
