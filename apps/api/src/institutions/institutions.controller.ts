import { Body, Controller, Get, Param, ParseUUIDPipe, Patch } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { Institution } from '@tessera/data-access/contracts';
import { RequireInstitutionRole, Scope, type TenantScope } from '../access/tenant-scope';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { InvalidInputError } from '../common/domain-errors';
import { RenameInstitutionDto } from './dto/rename-institution.dto';
import { InstitutionsService } from './institutions.service';
import { InstitutionBody } from './institution.body';

@ApiTags('institutions')
@Controller('institutions')
export class InstitutionsController {
  constructor(private readonly institutions: InstitutionsService) {}

  @Get()
  @ApiOkResponse({ type: [InstitutionBody] })
  list(@CurrentUser() user: AuthenticatedUser): Promise<Institution[]> {
    return this.institutions.listForUser(user);
  }

  /** Renaming is configuration: owners and admins of that institution (X-Institution-Id must match). */
  @Patch(':id')
  @ApiOkResponse({ type: InstitutionBody })
  @RequireInstitutionRole('owner', 'admin')
  rename(
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: RenameInstitutionDto,
    @Scope() scope: TenantScope,
  ): Promise<Institution> {
    if (scope.institutionId !== id)
      throw new InvalidInputError('X-Institution-Id must name the institution being changed');
    return this.institutions.rename(id, body.name, scope.role ?? 'member');
  }
}
