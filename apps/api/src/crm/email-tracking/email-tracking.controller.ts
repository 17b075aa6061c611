import { ActsAsSystem } from '../../access/tenant-scope';
import { Controller, Get, HttpCode, Param, Post, Query, Redirect, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { Public } from '../../common/public.decorator';
import { EmailTrackingService } from './email-tracking.service';
import { invalidLinkPage, unsubscribedPage, unsubscribeQuestionPage } from './unsubscribe-page';

/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const PIXEL_FILE = /^(.+)\.gif$/;

/** A malformed unsubscribe link gets the same page as an unknown one. */
function invalidAsNull(error: unknown): null {
  if (error instanceof InvalidInputError) return null;
  throw error;
}

/**
 * The links inside tracked messages, opened by recipients who have no session: the open pixel,
 * click redirects and the unsubscribe page (docs/product/campaigns.md). Not in the API docs:
 * nobody calls them but a mail reader.
 */
@ApiExcludeController()
@Public()
@ActsAsSystem('a tracked message is found by its token; its reader has no session')
@Controller('mail')
export class EmailTrackingController {
  constructor(private readonly tracking: EmailTrackingService) {}

  @Get('o/:file')
  async open(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<Buffer> {
    const token = PIXEL_FILE.exec(file)?.[1];
    if (!token) throw new InvalidInputError('This link is not valid');
    if (!(await this.tracking.open(token))) throw new NotFoundError('Message');
    void reply.header('Content-Type', 'image/gif').header('Cache-Control', 'no-store, max-age=0');
    return PIXEL;
  }

  @Get('c/:token')
  @Redirect()
  async click(
    @Param('token') token: string,
    @Query('u') url: string | undefined,
    @Query('s') signature: string | undefined,
  ): Promise<{ url: string; statusCode: number }> {
    return { url: await this.tracking.click(token, url, signature), statusCode: 302 };
  }

  @Get('u/:token')
  async unsubscribeQuestion(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const target = await this.tracking.unsubscribeTarget(token).catch(invalidAsNull);
    if (!target) {
      void reply.status(404);
      return invalidLinkPage();
    }
    return unsubscribeQuestionPage(target);
  }

  @Post('u/:token')
  @HttpCode(200)
  async unsubscribe(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    const target = await this.tracking.unsubscribe(token).catch(invalidAsNull);
    if (!target) {
      void reply.status(404);
      return invalidLinkPage();
    }
    return unsubscribedPage(target);
  }
}
