import { Controller, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiCreatedResponse, ApiHeader, ApiQuery, ApiTags } from '@nestjs/swagger';
import type { PublishedRelease } from '@tessera/data-access/contracts';
import type { FastifyRequest } from 'fastify';
import { ActsAsSystem } from '../access/tenant-scope';
import { InvalidInputError } from '../common/domain-errors';
import { Public } from '../common/public.decorator';
import { MultipartUpload } from '../security/multipart-limits';
import { isReleasePath, type ReleaseFiles } from './release-checks';
import { PublishedReleaseBody } from './registry.responses';
import { ReleaseTooLargeError, RemoteReleasesService } from './remote-releases';
import { RemoteRegistrationService } from './remote-registration.service';

/** A dist has a few hundred files at most; far more is not a build. */
const MAX_FILES = 5000;

/**
 * One part per file of a remote's dist. The size of each file is held to REMOTE_RELEASE_MAX_MB when
 * read (the whole release too); the declared limit here only bounds the count of parts and fields.
 */
const RELEASE_UPLOAD_LIMITS = {
  files: MAX_FILES,
  fileSize: 25 * 1024 * 1024,
  fields: 10,
  fieldSize: 4 * 1024,
  parts: MAX_FILES + 10,
};

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
  @MultipartUpload(RELEASE_UPLOAD_LIMITS)
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
      for await (const part of request.parts({ limits: { ...RELEASE_UPLOAD_LIMITS, fileSize: limit } })) {
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
