import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  DEFAULT_THANK_YOU,
  type WebFormField,
  type WebFormSubmission,
  webFormFieldErrors,
  webOrigin,
} from '@tessera/data-access/contracts';
import type { DataSource } from 'typeorm';
import { inScope, ownership, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import type { CreateWebFormDto, UpdateWebFormDto } from './dto/web-form.dto';
import { WebFormEntity } from './web-form.entity';

export type WebFormWithCount = WebFormEntity & { submission_count: number };

/** The builder's rules beyond the DTO: the core fields, and each field once. */
function checkFields(fields: readonly WebFormField[] | undefined): void {
  if (fields === undefined) return;
  const errors = webFormFieldErrors(fields);
  if (errors.length > 0) throw new InvalidInputError(errors[0] as string, { fields: errors });
}

/** Origins as browsers send them: no trailing slash, lower-case scheme and host, each once. */
function normalOrigins(origins: readonly string[] | undefined): string[] | undefined {
  return origins && [...new Set(origins.map((origin) => webOrigin(origin) as string))];
}

function cleanFields(fields: readonly WebFormField[]): WebFormField[] {
  return fields.map(({ field, label, required }) => ({ field, label: label.trim(), required }));
}

/** Forms an owner builds (docs/product/web-forms.md): CRUD in the caller's scope. */
@Injectable()
export class WebFormsService {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private query(scope: TenantScope) {
    return inScope(this.dataSource.manager.createQueryBuilder(WebFormEntity, 'form'), scope);
  }

  async list(scope: TenantScope): Promise<WebFormWithCount[]> {
    const forms = await this.query(scope).orderBy('form.created_at', 'DESC').addOrderBy('form.id').getMany();
    return this.withCounts(forms);
  }

  async get(scope: TenantScope, id: string): Promise<WebFormWithCount> {
    const form = await this.query(scope).andWhere('form.id = :id', { id }).getOne();
    if (!form) throw new NotFoundError('Form');
    const [counted] = await this.withCounts([form]);
    return counted as WebFormWithCount;
  }

  private async withCounts(forms: WebFormEntity[]): Promise<WebFormWithCount[]> {
    if (forms.length === 0) return [];
    const rows: Array<{ form_id: string; n: number }> = await this.dataSource.query(
      `SELECT form_id, count(*)::int AS n FROM crm_web_form_submissions WHERE form_id = ANY($1) GROUP BY form_id`,
      [forms.map((form) => form.id)],
    );
    const counts = new Map(rows.map((row) => [row.form_id, row.n]));
    return forms.map((form) => Object.assign(form, { submission_count: counts.get(form.id) ?? 0 }));
  }

  async create(scope: TenantScope, input: CreateWebFormDto): Promise<WebFormWithCount> {
    checkFields(input.fields);
    const repository = this.dataSource.getRepository(WebFormEntity);
    const saved = await repository.save(
      repository.create({
        ...ownership(scope),
        name: input.name.trim(),
        fields: cleanFields(input.fields),
        thank_you_message: input.thank_you_message?.trim() || DEFAULT_THANK_YOU,
        redirect_url: input.redirect_url ?? null,
        consent_text: input.consent_text?.trim() || null,
        allowed_origins: normalOrigins(input.allowed_origins) ?? [],
      }),
    );
    return this.get(scope, saved.id);
  }

  async update(scope: TenantScope, id: string, changes: UpdateWebFormDto): Promise<WebFormWithCount> {
    checkFields(changes.fields);
    if (changes.name === null || changes.fields === null)
      throw new InvalidInputError('name and fields cannot be removed', {
        [changes.name === null ? 'name' : 'fields']: ['must not be null'],
      });
    const { submission_count: _count, ...form } = await this.get(scope, id);
    if (changes.name !== undefined) form.name = changes.name.trim();
    if (changes.fields !== undefined) form.fields = cleanFields(changes.fields);
    if (changes.thank_you_message !== undefined)
      form.thank_you_message = changes.thank_you_message?.trim() || DEFAULT_THANK_YOU;
    if (changes.redirect_url !== undefined) form.redirect_url = changes.redirect_url ?? null;
    if (changes.consent_text !== undefined) form.consent_text = changes.consent_text?.trim() || null;
    if (changes.allowed_origins !== undefined)
      form.allowed_origins = normalOrigins(changes.allowed_origins ?? []) ?? [];
    await this.dataSource.getRepository(WebFormEntity).save(form);
    return this.get(scope, id);
  }

  async remove(scope: TenantScope, id: string): Promise<void> {
    const form = await this.get(scope, id);
    await this.dataSource.getRepository(WebFormEntity).delete({ id: form.id });
  }

  /** The latest submissions of a form, with the lead each made or updated and its score now. */
  async submissions(scope: TenantScope, id: string, limit = 50): Promise<WebFormSubmission[]> {
    await this.get(scope, id);
    const where = scopeSql(scope, 's', 3);
    return this.dataSource.query(
      `SELECT s.id, s.lead_id, s.outcome, s.created_at,
              trim(l.first_name || ' ' || l.last_name) AS lead_name, l.email AS lead_email, l.lead_score
         FROM crm_web_form_submissions s JOIN crm_leads l ON l.id = s.lead_id
        WHERE s.form_id = $1 AND ${where.sql}
        ORDER BY s.created_at DESC, s.id LIMIT $2`,
      [id, limit, ...where.params],
    );
  }
}
