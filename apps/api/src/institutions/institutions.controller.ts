import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Put,
  Req,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  INSTITUTION_LOGO_MAX_BYTES,
  type Institution,
  type InstitutionLogo,
} from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { RequireInstitutionRole, RequireMembership, Scope, type TenantScope } from '../access/tenant-scope';
import { ApiFile, ApiNoContent } from '../common/api-responses';
import { type AuthenticatedUser, CurrentUser } from '../common/authenticated-user';
import { InvalidInputError } from '../common/domain-errors';
import { MultipartUpload, readUpload } from '../security/multipart-limits';
import { RenameInstitutionDto } from './dto/rename-institution.dto';
import { InstitutionLogoBody } from './institution-logo.body';
import { InstitutionLogoService } from './institution-logo.service';
import { InstitutionsService } from './institutions.service';
import { InstitutionBody } from './institution.body';

/** An image for <img> and the PDF, never a page of this origin; revalidated, since it can be replaced. */
const LOGO_HEADERS = {
  'Content-Security-Policy': 'sandbox',
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': 'private, no-cache',
} as const;

/** The institution a request changes or reads must be the one its X-Institution-Id names. */
function sameInstitution(scope: TenantScope, id: string, what: string): string {
  if (scope.institutionId !== id)
    throw new InvalidInputError(`X-Institution-Id must name the institution ${what}`);
  return id;
}

@ApiTags('institutions')
@Controller('institutions')
export class InstitutionsController {
  constructor(
    private readonly institutions: InstitutionsService,
    private readonly logos: InstitutionLogoService,
  ) {}

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
    sameInstitution(scope, id, 'being changed');
    return this.institutions.rename(id, body.name, scope.role ?? 'member');
  }

  /** Every member sees the logo (404 without one); it is served as an image, never sniffed. */
  @Get(':id/logo')
  @ApiFile('image/png', 'The logo, as image/png or image/jpeg', { binary: true })
  @RequireMembership()
  async logo(
    @Param('id', ParseUUIDPipe) id: string,
    @Scope() scope: TenantScope,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const logo = await this.logos.read(sameInstitution(scope, id, 'whose logo is read'));
    reply.headers(LOGO_HEADERS);
    return new StreamableFile(logo.content, { type: logo.content_type, length: logo.content.length });
  }

  /** Sets or replaces the logo: a PNG or JPEG (read from its bytes) of at most 512 KB. */
  @Put(':id/logo')
  @ApiOkResponse({ type: InstitutionLogoBody })
  @RequireInstitutionRole('owner', 'admin')
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } } } })
  @MultipartUpload({ fileSize: INSTITUTION_LOGO_MAX_BYTES })
  async setLogo(
    @Param('id', ParseUUIDPipe) id: string,
    @Scope() scope: TenantScope,
    @Req() request: FastifyRequest,
  ): Promise<InstitutionLogo> {
    const institutionId = sameInstitution(scope, id, 'being changed');
    return this.logos.save(
      institutionId,
      { id: scope.userId, email: scope.email },
      await readUpload(request),
    );
  }

  @Delete(':id/logo')
  @HttpCode(204)
  @ApiNoContent('The logo is removed; quotes print the name alone')
  @RequireInstitutionRole('owner', 'admin')
  removeLogo(@Param('id', ParseUUIDPipe) id: string, @Scope() scope: TenantScope): Promise<void> {
    return this.logos.remove(sameInstitution(scope, id, 'being changed'), {
      id: scope.userId,
      email: scope.email,
    });
  }
}
