import { Controller, Get } from '@nestjs/common';
import { ApiHeader, ApiTags } from '@nestjs/swagger';
import type { FeatureFlagsResponse } from '@tessera/data-access/contracts';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { RequireMembership, Scope, type TenantScope } from '../access/tenant-scope';
import { FeatureFlagEntity } from './feature-flag.entity';
import { ApiOkResponse } from '@nestjs/swagger';
import { FeatureFlagsBody } from '../access/access.responses';

@ApiTags('feature-flags')
@Controller('feature-flags')
export class FeatureFlagsController {
  constructor(@InjectRepository(FeatureFlagEntity) private readonly flags: Repository<FeatureFlagEntity>) {}

  /** The selected institution's feature flags; the shell caches them per institution. */
  @Get()
  @ApiOkResponse({ type: FeatureFlagsBody })
  @RequireMembership()
  @ApiHeader({ name: 'X-Institution-Id', required: true })
  async list(@Scope() scope: TenantScope): Promise<FeatureFlagsResponse> {
    const rows = await this.flags.find({
      where: { institutionId: scope.institutionId ?? '' },
      order: { key: 'ASC' },
    });
    return { flags: Object.fromEntries(rows.map((row) => [row.key, row.enabled])) };
  }
}
