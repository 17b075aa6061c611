import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  ParseUUIDPipe,
  Patch,
  Post,
  Res,
  StreamableFile,
} from '@nestjs/common';
import { ApiCreatedResponse, ApiOkResponse } from '@nestjs/swagger';
import { type Quote, quoteLabel } from '@tessera/data-access/contracts';
import type { FastifyReply } from 'fastify';
import { RequireModuleAccess, Scope, type TenantScope } from '../../access/tenant-scope';
import { ApiFile } from '../../common/api-responses';
import { CrmApi } from '../common/crm-api.decorators';
import { CreateQuoteDto, SendQuoteDto, UpdateQuoteDto } from './dto/quote.dto';
import { QuotesService } from './quotes.service';
import { QuoteBody } from './selling.responses';

/** A deal's quotes: made from its lines, printed, sent, revised. */
@CrmApi('crm quotes')
@Controller('crm')
export class QuotesController {
  constructor(private readonly quotes: QuotesService) {}

  @Post('deals/:id/quotes')
  @RequireModuleAccess('crm', 'write')
  @ApiCreatedResponse({ type: QuoteBody })
  create(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) dealId: string,
    @Body() body: CreateQuoteDto,
  ): Promise<Quote> {
    return this.quotes.create(scope, dealId, body);
  }

  @Get('deals/:id/quotes')
  @RequireModuleAccess('crm', 'read')
  @ApiOkResponse({ type: [QuoteBody] })
  list(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) dealId: string): Promise<Quote[]> {
    return this.quotes.list(scope, dealId);
  }

  @Get('quotes/:id')
  @RequireModuleAccess('crm', 'read')
  @ApiOkResponse({ type: QuoteBody })
  get(@Scope() scope: TenantScope, @Param('id', ParseUUIDPipe) id: string): Promise<Quote> {
    return this.quotes.get(scope, id);
  }

  /** A draft changes in place; a sent quote answers its new revision (a draft under the same number). */
  @Patch('quotes/:id')
  @RequireModuleAccess('crm', 'write')
  @ApiOkResponse({ type: QuoteBody })
  update(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: UpdateQuoteDto,
  ): Promise<Quote> {
    return this.quotes.update(scope, id, body);
  }

  @Post('quotes/:id/send')
  @HttpCode(200)
  @RequireModuleAccess('crm', 'write')
  @ApiOkResponse({ type: QuoteBody })
  send(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Body() body: SendQuoteDto,
  ): Promise<Quote> {
    return this.quotes.send(scope, id, body);
  }

  @Get('quotes/:id/pdf')
  @RequireModuleAccess('crm', 'read')
  @ApiFile('application/pdf', 'The quote as a PDF document', { binary: true })
  async pdf(
    @Scope() scope: TenantScope,
    @Param('id', ParseUUIDPipe) id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    const { quote, content } = await this.quotes.pdf(scope, id);
    void reply.header('Cache-Control', 'no-store');
    return new StreamableFile(content, {
      type: 'application/pdf',
      length: content.length,
      disposition: `inline; filename="${quoteLabel(quote).replace(/[^A-Za-z0-9-]+/g, '-')}.pdf"`,
    });
  }
}
