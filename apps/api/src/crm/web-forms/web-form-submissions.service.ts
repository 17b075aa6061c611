import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  checkWebFormAnswers,
  type PublicWebForm,
  WEB_FORM_HONEYPOT,
  WEB_FORM_LEAD_FIELDS,
  WEB_FORM_MIN_FILL_SECONDS,
  WEB_FORM_TOKEN_FIELD,
  type WebForm,
  type WebFormLeadField,
  type WebFormSubmissionResult,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { runAsSystem, runInTenantContext } from '../../access/tenant-context';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { WebhookEvents } from '../../integrations/webhook-events.service';
import type { CaptureLeadDto } from '../leads/dto/lead.dto';
import { LeadsService } from '../leads/leads.service';
import { WorkflowRunnerService } from '../workflows/workflow-runner.service';
import { AutomationRunner } from '../automation/automation-runner';
import { checkWebFormToken, webFormToken, webFormTokenKey } from './web-form-token';

/** What a visitor's request needs of a form: found by id alone, before any tenant is known. */
export type FormOnDuty = Omit<WebForm, 'submission_count' | 'created_at' | 'updated_at'>;

const TOKEN_MESSAGES = {
  invalid: 'This form could not be checked. Reload the page and send it again.',
  too_fast: 'The form was sent too quickly. Wait a moment and send it again.',
  expired: 'This form has been open too long. Reload the page and send it again.',
} as const;

/**
 * Submissions of embedded forms by visitors without a session (docs/product/web-forms.md). The form
 * is found by its id as the system (the one cross-tenant read, a single row); everything after runs
 * in the form's own scope, as its owner, so the lead, its score and the workflows stay inside the
 * form's institution under row-level security.
 */
@Injectable()
export class WebFormSubmissionsService {
  private readonly key: Buffer;
  private readonly ownOrigins: ReadonlySet<string>;

  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly leads: LeadsService,
    private readonly workflows: WorkflowRunnerService,
    private readonly webhooks: WebhookEvents,
    private readonly automation: AutomationRunner,
  ) {
    this.key = webFormTokenKey(config.jwtSecret);
    this.ownOrigins = new Set(config.allowedOrigins);
  }

  async form(formId: string): Promise<FormOnDuty> {
    const [form]: FormOnDuty[] = await runAsSystem(
      'a web form is found by its id; its visitor has no session',
      () =>
        this.dataSource.query(
          `SELECT id, org_id, owner_id, name, fields, thank_you_message, redirect_url, consent_text, allowed_origins
           FROM crm_web_forms WHERE id = $1`,
          [formId],
        ),
    );
    if (!form) throw new NotFoundError('Form');
    return form;
  }

  /**
   * Whether a page of `origin` may use the form: the application's own pages (the iframe page) always;
   * others when the form lists no origins, or lists this one. A request naming no origin is no
   * browser's: it passes only where any site may send the form.
   */
  originAllowed(form: FormOnDuty, origin: string | null): boolean {
    if (origin === null) return form.allowed_origins.length === 0;
    return (
      this.ownOrigins.has(origin) ||
      form.allowed_origins.length === 0 ||
      form.allowed_origins.includes(origin)
    );
  }

  /** The form as a visitor's browser shows it, with a fresh fill token. */
  publicForm(form: FormOnDuty, now = Date.now()): PublicWebForm & { min_fill_seconds: number } {
    return {
      id: form.id,
      name: form.name,
      fields: form.fields.map((field) => {
        const spec = WEB_FORM_LEAD_FIELDS[field.field];
        return {
          ...field,
          kind: spec.kind,
          options: 'options' in spec ? [...spec.options] : null,
          max_length: spec.maxLength,
        };
      }),
      consent_text: form.consent_text,
      honeypot: WEB_FORM_HONEYPOT,
      token_field: WEB_FORM_TOKEN_FIELD,
      token: webFormToken(this.key, form.id, now),
      submit_url: `${this.config.publicUrl.replace(/\/$/, '')}/api/forms/${form.id}/submissions`,
      min_fill_seconds: WEB_FORM_MIN_FILL_SECONDS,
    };
  }

  /**
   * One visitor's answers. A filled honeypot gets the usual thank-you and stores nothing (a bot
   * learns nothing from it); a missing, forged, too fresh or stale fill token and bad answers get
   * 400 with field messages. A new address makes a lead through lead capture (score, qualification,
   * auto actions), then the scope's `lead_created` automation rules and Smart Leads workflows run; a known address updates that lead.
   */
  async submit(form: FormOnDuty, body: unknown, now = Date.now()): Promise<WebFormSubmissionResult> {
    const done = { message: form.thank_you_message, redirect_url: form.redirect_url };
    if (body === null || typeof body !== 'object' || Array.isArray(body))
      throw new InvalidInputError('The form’s answers must be sent as fields', {
        body: ['must be an object'],
      });
    const answers = body as Record<string, unknown>;
    const trap = answers[WEB_FORM_HONEYPOT];
    if (trap !== undefined && trap !== '') return done;
    const verdict = checkWebFormToken(this.key, form.id, answers[WEB_FORM_TOKEN_FIELD], now);
    if (verdict !== 'valid') {
      const message = TOKEN_MESSAGES[verdict];
      throw new InvalidInputError(message, { [WEB_FORM_TOKEN_FIELD]: [message] });
    }
    const { values, errors } = checkWebFormAnswers(form, answers);
    const [first] = Object.values(errors);
    if (first) throw new InvalidInputError(first[0] as string, errors);

    const scope: TenantScope = {
      userId: form.owner_id,
      email: '',
      isSuperAdmin: false,
      institutionId: form.org_id,
      role: null,
      level: 'write',
    };
    await runInTenantContext({ institutionId: form.org_id, userId: form.owner_id }, () =>
      this.store(scope, form, values),
    );
    return done;
  }

  private async store(
    scope: TenantScope,
    form: FormOnDuty,
    values: Partial<Record<WebFormLeadField, string>>,
  ): Promise<void> {
    const email = (values.email as string).toLowerCase();
    const created = await this.dataSource.transaction(async (manager) => {
      // Two submissions of one address at once: the second waits here, then finds the first's lead.
      await manager.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
        `web-form:${scope.institutionId ?? scope.userId}:${email}`,
      ]);
      const scoped = scope.institutionId
        ? { sql: 'org_id = $2', param: scope.institutionId }
        : { sql: 'org_id IS NULL AND owner_id = $2', param: scope.userId };
      const [existing]: Array<{ id: string }> = await manager.query(
        `SELECT id FROM crm_leads WHERE lower(email) = $1 AND ${scoped.sql}
          ORDER BY created_at DESC, id LIMIT 1 FOR UPDATE`,
        [email, scoped.param],
      );
      let leadId: string;
      if (existing) {
        leadId = existing.id;
        await this.fillBlanks(manager, leadId, values);
        await manager.query('SELECT calculate_lead_score_enhanced($1)', [leadId]);
        await this.webhooks.emit(
          manager,
          scope.institutionId,
          'lead.updated',
          await this.leads.get(scope, leadId, manager),
        );
      } else {
        const captured = await this.leads.capture(
          scope,
          {
            ...values,
            email: values.email,
            lead_source: 'web_form',
            source: 'website',
            // The form's name on the lead itself, where the team reads it (the submission row links them too).
            notes: `Sent through the web form “${form.name}”.`,
          } as CaptureLeadDto,
          manager,
        );
        leadId = captured.lead.id;
      }
      await manager.query(
        `INSERT INTO crm_web_form_submissions (org_id, owner_id, form_id, lead_id, outcome)
         VALUES ($1, $2, $3, $4, $5)`,
        [scope.institutionId, scope.userId, form.id, leadId, existing ? 'merged' : 'created'],
      );
      return existing ? null : leadId;
    });
    // After the commit, as workflows: a failing rule is a failed run in its log, not a lost lead.
    if (created) {
      await this.automation.afterLeadCreated(scope, created);
      await this.workflows.onLeadCaptured(scope, created);
    }
  }

  /**
   * docs/product/web-forms.md#de-duplication: a known address keeps its lead; the answers fill the
   * fields the lead does not have yet and never overwrite what the team has entered.
   */
  private async fillBlanks(
    manager: EntityManager,
    leadId: string,
    values: Partial<Record<WebFormLeadField, string>>,
  ): Promise<void> {
    const entries = Object.entries(values).filter(
      ([field]) => field !== 'email' && field in WEB_FORM_LEAD_FIELDS,
    );
    if (entries.length === 0) return;
    // Column names come from the field catalogue, never from the request.
    const sets = entries.map(
      ([field], index) => `${field} = COALESCE(NULLIF(trim(${field}), ''), $${index + 2})`,
    );
    await manager.query(`UPDATE crm_leads SET ${sets.join(', ')}, updated_at = now() WHERE id = $1`, [
      leadId,
      ...entries.map(([, value]) => value),
    ]);
  }
}
