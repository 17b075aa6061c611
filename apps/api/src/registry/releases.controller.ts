import { Controller, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { PublishedRelease } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import { ActsAsSystem } from '../access/tenant-scope';
import { InvalidInputError } from '../common/domain-errors';
import { Public } from '../common/public.decorator';
import { isReleasePath, type ReleaseFiles } from './release-checks';
import { PublishedReleaseBody } from './registry.responses';
import { ReleaseTooLargeError, RemoteReleasesService } from './remote-releases';
import { RemoteRegistrationService } from './remote-registration.service';

/** A dist has a few hundred files at most; far more is not a build. */
const MAX_FILES = 5000;

/**
 * Module teams publish here from their own CI (docs/module-teams.md): multipart/form-data, one
 * part per file of the remote's `dist`, the part's field name being the file's path inside it.
 * The deploy token is the only credential this route takes, and the only route that takes it.
 */
@ApiTags('registry')
@Controller('remotes')
@ActsAsSystem('a deploy token publishes platform-wide releases, outside any institution')
export class ReleasesController {
  constructor(
    private readonly registration: RemoteRegistrationService,
    private readonly releases: RemoteReleasesService,
  ) {}

  @Post(':key/releases')
  @Public()
  @ApiHeader({ name: 'Authorization', description: 'Bearer <deploy token of this remote>' })
  @ApiConsumes('multipart/form-data')
  @ApiQuery({ name: 'version', required: false, description: 'Default: the next patch version' })
  @ApiBody({
    schema: {
      type: 'object',
      additionalProperties: { type: 'string', format: 'binary' },
      description:
        'Each field is one file; its name is the path inside dist (mf-manifest.json, remoteEntry.js …)',
    },
  })
  @ApiCreatedResponse({ type: PublishedReleaseBody })
  async publish(
    @Param('key') key: string,
    @Query('version') version: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<PublishedRelease> {
    const publishedBy = await this.registration.authorisePublish(request.headers.authorization, key);
    if (!request.isMultipart())
      throw new InvalidInputError('Send the release as multipart/form-data: one part per file of dist');
    const files = await this.readFiles(request);
    if (files.size === 0) throw new InvalidInputError('The release has no files');
    return this.releases.publish(key, files, { ...(version ? { version } : {}), publishedBy });
  }

  private async readFiles(request: FastifyRequest): Promise<ReleaseFiles> {
    const files: ReleaseFiles = new Map();
    const limit = this.releases.maxBytes;
    let total = 0;
    try {
      for await (const part of request.parts({
        limits: { files: MAX_FILES, fileSize: limit, fields: 10, parts: MAX_FILES + 10 },
      })) {
        if (part.type !== 'file') continue;
        const path = part.fieldname;
        if (!isReleasePath(path)) {
          await part.toBuffer().catch(() => undefined);
          throw new InvalidInputError(`${path} is not a path inside dist (relative, no ..)`);
        }
        const content = await part.toBuffer();
        total += content.length;
        if (total > limit) throw new ReleaseTooLargeError(this.releases.maxMb);
        if (files.has(path)) throw new InvalidInputError(`${path} is sent twice`);
        files.set(path, content);
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new ReleaseTooLargeError(this.releases.maxMb);
      if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT')
        throw new InvalidInputError(`A release has at most ${MAX_FILES} files`);
      throw error;
    }
    return files;
  }
}
