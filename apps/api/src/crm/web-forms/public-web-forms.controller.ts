import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Options,
  Param,
  ParseUUIDPipe,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import {
  ApiCreatedResponse,
  ApiExcludeEndpoint,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { PublicWebForm, WebFormSubmissionResult } from '@tessera/data-access/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ForbiddenError } from '../../common/domain-errors';
import { Public } from '../../common/public.decorator';
import { requestOrigin } from '../../security/origin-check';
import { crossOriginScriptHeaders, framedPageHeaders } from '../../security/security-headers';
import { EMBED_SCRIPT, formPage, PAGE_STYLE_HASH } from './embed-script';
import { type FormOnDuty, WebFormSubmissionsService } from './web-form-submissions.service';
import { PublicWebFormBody, WebFormSubmissionResultBody } from './web-form.responses';

const REFUSED_ORIGIN = 'This form does not accept submissions from this site';

/**
 * What visitors of other sites reach, without a session (docs/product/web-forms.md#embedding): the
 * embed script, the iframe page, the form's definition and its submissions. CORS answers name the
 * asking origin only when the form accepts it (every origin when its list is empty); the origin is
 * checked on the server as well, since a form-encoded POST needs no preflight.
 */
@ApiTags('web forms (public)')
@Public()
@Controller('forms')
export class PublicWebFormsController {
  constructor(private readonly submissions: WebFormSubmissionsService) {}

  @Get('embed.js')
  @ApiExcludeEndpoint()
  @Header('Content-Type', 'text/javascript; charset=utf-8')
  @Header('Cache-Control', 'public, max-age=300')
  embedScript(@Res({ passthrough: true }) reply: FastifyReply): string {
    crossOriginScriptHeaders(reply);
    return EMBED_SCRIPT;
  }

  @Get(':formId')
  @ApiOkResponse({ type: PublicWebFormBody })
  @Header('Cache-Control', 'no-store')
  async definition(
    @Param('formId', ParseUUIDPipe) formId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicWebForm> {
    const form = await this.allowedForm(formId, request, reply);
    return this.submissions.publicForm(form);
  }

  @Get(':formId/page')
  @ApiExcludeEndpoint()
  async page(
    @Param('formId', ParseUUIDPipe) formId: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const form = await this.submissions.form(formId);
    // Set once the form is found: an error answer stays JSON.
    void reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-store');
    framedPageHeaders(reply, form.allowed_origins, [PAGE_STYLE_HASH]);
    return formPage(form);
  }

  /** The preflight of a JSON submission. */
  @Options(':formId/submissions')
  @ApiNoContentResponse({ description: 'The asking origin may send the form (CORS preflight)' })
  @HttpCode(204)
  async preflight(
    @Param('formId', ParseUUIDPipe) formId: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<void> {
    await this.allowedForm(formId, request, reply);
    reply
      .header('Access-Control-Allow-Methods', 'POST')
      .header('Access-Control-Allow-Headers', 'Content-Type')
      .header('Access-Control-Max-Age', '600');
  }

  @Post(':formId/submissions')
  @ApiCreatedResponse({ type: WebFormSubmissionResultBody })
  async submit(
    @Param('formId', ParseUUIDPipe) formId: string,
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<WebFormSubmissionResult> {
    const form = await this.allowedForm(formId, request, reply);
    return this.submissions.submit(form, body ?? {});
  }

  /** The form, if the asking page may use it; its CORS answer set before anything can fail. */
  private async allowedForm(
    formId: string,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FormOnDuty> {
    const form = await this.submissions.form(formId);
    const origin = requestOrigin(request);
    reply.header('Vary', 'Origin');
    if (!this.submissions.originAllowed(form, origin)) throw new ForbiddenError(REFUSED_ORIGIN);
    if (origin !== null) reply.header('Access-Control-Allow-Origin', origin);
    return form;
  }
}
