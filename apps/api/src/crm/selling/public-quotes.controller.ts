import { Controller, Get, HttpCode, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { ActsAsSystem } from '../../access/tenant-scope';
import { Public } from '../../common/public.decorator';
import { invalidQuoteLinkPage, quotePage } from './quote-page';
import { type PublicDecision, type PublicQuote, QuotesService } from './quotes.service';

/**
 * The customer's side of a quote, reached by the signed link in the quote's e-mail: no session,
 * the link is the permission (docs/adr/0019-products-and-quotes.md). A link not signed by us,
 * changed, or expired gets the same 404 page and changes nothing.
 */
@ApiExcludeController()
@Public()
@ActsAsSystem('a quote is found by its signed link; the customer has no session')
@Controller('quotes/public')
export class PublicQuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Get(':token')
  async show(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    return this.answer(reply, token, await this.quotes.publicQuote(token));
  }

  @Get(':token/pdf')
  async pdf(
    @Param('token') token: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile | string> {
    const found = await this.quotes.publicQuote(token);
    if (!found) return this.answer(reply, token, null);
    const content = await this.quotes.publicPdf(found);
    void reply.header('Cache-Control', 'no-store');
    return new StreamableFile(content, { type: 'application/pdf', length: content.length });
  }

  @Post(':token/accept')
  @HttpCode(200)
  accept(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.decide(reply, token, 'accepted');
  }

  @Post(':token/decline')
  @HttpCode(200)
  decline(@Param('token') token: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    return this.decide(reply, token, 'declined');
  }

  private async decide(reply: FastifyReply, token: string, decision: PublicDecision): Promise<string> {
    const found = await this.quotes.decide(token, decision);
    // Answered already, expired or replaced: the page says how it stands, and nothing changed.
    if (found && found.quote.status !== decision && !found.open) void reply.status(409);
    return this.answer(reply, token, found);
  }

  private answer(reply: FastifyReply, token: string, found: PublicQuote | null): string {
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    if (!found) {
      void reply.status(404);
      return invalidQuoteLinkPage();
    }
    return quotePage(found, token);
  }
}
