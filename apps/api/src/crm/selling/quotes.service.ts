import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  type CreateQuoteInput,
  DEAL_STAGE_LABELS,
  DEFAULT_QUOTE_VALIDITY_DAYS,
  type DealStage,
  type Quote,
  type QuoteLine,
  quoteLabel,
  quoteNumber,
  type SendQuoteInput,
  toMinorUnits,
} from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { ownership, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { ConflictError, InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { APP_CONFIG, type AppConfig } from '../../config/app-config';
import { InstitutionLogoService } from '../../institutions/institution-logo.service';
import { OutboxService } from '../../mail/outbox.service';
import { logActivities } from '../activities/activity-log';
import { type LineItemRow, LineItemsService, lineAnswer, sellingTotals } from './line-items.service';
import { checkQuoteLink, quoteLinkExpiry, signQuoteLink } from './quote-links';
import { renderQuotePdf } from './quote-pdf';

interface QuoteRow {
  id: string;
  org_id: string | null;
  owner_id: string;
  deal_id: string;
  number: string;
  revision: number;
  status: Quote['status'];
  currency: string;
  valid_until: string;
  terms: string | null;
  win_on_accept: boolean;
  lines: QuoteLine[];
  recipient_email: string | null;
  sent_at: Date | null;
  decided_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

const QUOTE_COLUMNS = `q.id, q.org_id, q.owner_id, q.deal_id, q.number, q.revision, q.status, q.currency,
  to_char(q.valid_until, 'YYYY-MM-DD') AS valid_until, q.terms, q.win_on_accept, q.lines, q.recipient_email,
  q.sent_at, q.decided_at, q.created_at, q.updated_at`;

const iso = (value: Date | null): string | null => (value === null ? null : new Date(value).toISOString());

function quoteAnswer(row: QuoteRow): Quote {
  const lines = row.lines.map((line) => ({
    quantity: line.quantity,
    unit_price_minor: toMinorUnits(line.unit_price, row.currency) ?? 0,
    discount_percent: line.discount_percent,
    discount_amount_minor:
      line.discount_amount === null ? null : toMinorUnits(line.discount_amount, row.currency),
    tax_percent: line.tax_percent,
    recurrence: line.recurrence,
  }));
  return {
    id: row.id,
    deal_id: row.deal_id,
    number: row.number,
    revision: row.revision,
    status: row.status,
    currency: row.currency,
    valid_until: row.valid_until,
    terms: row.terms,
    win_on_accept: row.win_on_accept,
    lines: row.lines,
    totals: sellingTotals(lines, row.currency),
    recipient_email: row.recipient_email,
    sent_at: iso(row.sent_at),
    decided_at: iso(row.decided_at),
    created_at: new Date(row.created_at).toISOString(),
    updated_at: new Date(row.updated_at).toISOString(),
  };
}

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** What the public page shows and lets the customer do. */
export interface PublicQuote {
  quote: Quote;
  sellerName: string;
  dealName: string;
  /** Sent and still valid: accept and decline are offered. */
  open: boolean;
}

export type PublicDecision = 'accepted' | 'declined';

/**
 * Quotes of a deal (docs/adr/0019-products-and-quotes.md): made from the deal's lines, numbered per
 * institution and year, printed as PDF, sent through the outbox with the PDF attached and a signed
 * link to the public page where the customer accepts or declines. A sent quote never changes: a
 * change makes the next revision under the same number.
 */
@Injectable()
export class QuotesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly lineItems: LineItemsService,
    private readonly outbox: OutboxService,
    private readonly logos: InstitutionLogoService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async create(scope: TenantScope, dealId: string, input: CreateQuoteInput): Promise<Quote> {
    return this.dataSource.transaction(async (manager) => {
      const deal = await this.lineItems.deal(manager, scope, dealId, true);
      const lines = await this.linesOf(manager, deal.id, deal.currency);
      const owner = ownership(scope);
      const scopeKey = owner.org_id ?? owner.owner_id;
      const year = new Date().getUTCFullYear();
      // One counter row per scope and year: the upsert takes its row lock, so concurrent creations
      // are numbered one after the other and never share a number.
      const [counter]: Array<{ last: number }> = await manager.query(
        `INSERT INTO crm_quote_counters (scope_key, org_id, owner_id, year, last) VALUES ($1, $2, $3, $4, 1)
         ON CONFLICT (scope_key, year) DO UPDATE SET last = crm_quote_counters.last + 1 RETURNING last`,
        [scopeKey, owner.org_id, owner.owner_id, year],
      );
      const id = await this.insert(manager, {
        ...owner,
        deal_id: deal.id,
        scope_key: scopeKey,
        number: quoteNumber(year, (counter as { last: number }).last),
        revision: 1,
        currency: deal.currency,
        valid_until: input.valid_until ?? this.defaultValidity(),
        terms: input.terms ?? null,
        win_on_accept: input.win_on_accept ?? false,
        lines,
      });
      return this.read(manager, scope, id);
    });
  }

  async list(scope: TenantScope, dealId: string): Promise<Quote[]> {
    return this.dataSource.transaction(async (manager) => {
      await this.lineItems.deal(manager, scope, dealId, false);
      const where = scopeSql(scope, 'q', 2);
      const rows: QuoteRow[] = await manager.query(
        `SELECT ${QUOTE_COLUMNS} FROM crm_quotes q WHERE q.deal_id = $1 AND ${where.sql}
          ORDER BY q.created_at DESC, q.revision DESC`,
        [dealId, ...where.params],
      );
      return rows.map(quoteAnswer);
    });
  }

  get(scope: TenantScope, id: string): Promise<Quote> {
    return this.read(this.dataSource.manager, scope, id);
  }

  /**
   * A draft is changed in place (with the deal's lines as they are now); a sent quote stays as it
   * was sent and the change becomes its next revision, a draft under the same number. A decided quote
   * is final.
   */
  async update(scope: TenantScope, id: string, input: CreateQuoteInput): Promise<Quote> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.row(manager, scope, id, true);
      const deal = await this.lineItems.deal(manager, scope, current.deal_id, true);
      const lines = await this.linesOf(manager, deal.id, deal.currency);
      const values = {
        valid_until: input.valid_until ?? current.valid_until,
        terms: input.terms !== undefined ? input.terms : current.terms,
        win_on_accept: input.win_on_accept ?? current.win_on_accept,
      };
      if (current.status === 'draft') {
        await manager.query(
          `UPDATE crm_quotes SET valid_until = $2, terms = $3, win_on_accept = $4, lines = $5, currency = $6,
             total_minor = $7, net_minor = $8, tax_minor = $9, monthly_minor = $10, yearly_minor = $11, updated_at = now()
           WHERE id = $1`,
          [
            id,
            values.valid_until,
            values.terms,
            values.win_on_accept,
            JSON.stringify(lines),
            deal.currency,
            ...this.totals(lines, deal.currency),
          ],
        );
        return this.read(manager, scope, id);
      }
      if (current.status !== 'sent')
        throw new ConflictError(
          `Quote ${quoteLabel(current)} is ${current.status}: it cannot change any more`,
        );
      const [latest]: Array<{ revision: number }> = await manager.query(
        'SELECT max(revision) AS revision FROM crm_quotes WHERE scope_key = (SELECT scope_key FROM crm_quotes WHERE id = $1) AND number = $2',
        [id, current.number],
      );
      await manager.query(`UPDATE crm_quotes SET status = 'superseded', updated_at = now() WHERE id = $1`, [
        id,
      ]);
      const owner = ownership(scope);
      const revision = await this.insert(manager, {
        ...owner,
        deal_id: deal.id,
        scope_key: owner.org_id ?? owner.owner_id,
        number: current.number,
        revision: (latest?.revision ?? current.revision) + 1,
        currency: deal.currency,
        ...values,
        lines,
      });
      return this.read(manager, scope, revision);
    });
  }

  async pdf(scope: TenantScope, id: string): Promise<{ quote: Quote; content: Buffer }> {
    const quote = await this.get(scope, id);
    return { quote, content: await this.render(this.dataSource.manager, quote) };
  }

  /**
   * Sends a draft to the customer through the outbox, its PDF attached, with the signed link to
   * accept or decline; the quote is then sent (immutable) and the deal's timeline says so.
   */
  async send(scope: TenantScope, id: string, input: SendQuoteInput): Promise<Quote> {
    return this.dataSource.transaction(async (manager) => {
      const current = await this.row(manager, scope, id, true);
      if (current.status !== 'draft')
        throw new ConflictError(
          `Quote ${quoteLabel(current)} is ${current.status}: change it to make a new revision, then send that`,
        );
      if (current.valid_until < isoDay(new Date()))
        throw new InvalidInputError('The quote’s validity date has passed', {
          valid_until: ['valid_until has passed: change it before sending'],
        });
      const quote = quoteAnswer(current);
      const pdf = await this.render(manager, quote);
      const seller = await this.sellerName(manager, current.org_id, current.owner_id);
      const link = this.publicLink(quote);
      const label = quoteLabel(quote);
      const text = [
        input.message?.trim() || `Please find attached our quote ${label}.`,
        '',
        `Valid until ${quote.valid_until}. Accept or decline it here: ${link}`,
        '',
        seller,
      ].join('\n');
      await this.outbox.queue(manager, [
        {
          orgId: current.org_id,
          kind: 'quote',
          to: input.to,
          subject: `Quote ${label} from ${seller}`,
          text,
          createdBy: scope.userId,
          idempotencyKey: `quote:${id}`,
          attachments: [
            {
              fileName: `${label.replace(/[^A-Za-z0-9-]+/g, '-')}.pdf`,
              contentType: 'application/pdf',
              content: pdf,
            },
          ],
        },
      ]);
      await manager.query(
        `UPDATE crm_quotes SET status = 'sent', sent_at = now(), recipient_email = $2, updated_at = now() WHERE id = $1`,
        [id, input.to.trim().toLowerCase()],
      );
      await logActivities(manager, [
        {
          org_id: current.org_id,
          owner_id: scope.userId,
          deal_id: current.deal_id,
          type: 'email',
          subject: `Quote ${label} sent to ${input.to.trim().toLowerCase()}`,
          status: 'completed',
        },
      ]);
      return this.read(manager, scope, id);
    });
  }

  /** The signed link of a quote's public page, valid as long as the quote. */
  publicLink(quote: Pick<Quote, 'id' | 'valid_until'>): string {
    const token = signQuoteLink(this.config.quoteLinkSecret, quote.id, quoteLinkExpiry(quote.valid_until));
    return this.outbox.link(`/api/quotes/public/${token}`);
  }

  /** The quote behind a public link; null for a link that is not ours, changed or expired. */
  async publicQuote(token: string): Promise<PublicQuote | null> {
    const check = checkQuoteLink(this.config.quoteLinkSecret, token);
    if (!('quoteId' in check)) return null;
    return this.publicRead(this.dataSource.manager, check.quoteId, false);
  }

  /**
   * The customer's answer, once: a sent quote, still valid, becomes accepted or declined; accepted
   * moves the deal to Closed Won when the owner chose so. Both are on the deal's timeline.
   */
  async decide(token: string, decision: PublicDecision): Promise<PublicQuote | null> {
    const check = checkQuoteLink(this.config.quoteLinkSecret, token);
    if (!('quoteId' in check)) return null;
    return this.dataSource.transaction(async (manager) => {
      const found = await this.publicRead(manager, check.quoteId, true);
      if (!found?.open) return found;
      const { quote } = found;
      const [row]: Array<{ org_id: string | null; owner_id: string }> = await manager.query(
        'SELECT org_id, owner_id FROM crm_quotes WHERE id = $1',
        [quote.id],
      );
      const owner = row as { org_id: string | null; owner_id: string };
      await manager.query(
        'UPDATE crm_quotes SET status = $2, decided_at = now(), updated_at = now() WHERE id = $1',
        [quote.id, decision],
      );
      const label = quoteLabel(quote);
      await logActivities(manager, [
        {
          org_id: owner.org_id,
          owner_id: owner.owner_id,
          deal_id: quote.deal_id,
          type: 'other',
          subject: `Quote ${label} ${decision} by the customer`,
          status: 'completed',
        },
      ]);
      if (decision === 'accepted' && quote.win_on_accept) await this.win(manager, quote.deal_id, owner);
      return this.publicRead(manager, quote.id, false);
    });
  }

  /** The deal moves to Closed Won as a stage change does (status, close time by trigger, activity). */
  private async win(
    manager: EntityManager,
    dealId: string,
    owner: { org_id: string | null; owner_id: string },
  ): Promise<void> {
    const [deal]: Array<{ stage: DealStage }> = await manager.query(
      'SELECT stage FROM crm_deals WHERE id = $1 FOR UPDATE',
      [dealId],
    );
    if (!deal || deal.stage === 'closed_won') return;
    await manager.query(`UPDATE crm_deals SET stage = 'closed_won', status = 'won' WHERE id = $1`, [dealId]);
    await logActivities(manager, [
      {
        org_id: owner.org_id,
        owner_id: owner.owner_id,
        deal_id: dealId,
        type: 'stage_change',
        subject: `Stage changed from ${DEAL_STAGE_LABELS[deal.stage]} to ${DEAL_STAGE_LABELS.closed_won}`,
        status: 'completed',
      },
    ]);
  }

  private async publicRead(manager: EntityManager, id: string, lock: boolean): Promise<PublicQuote | null> {
    const [row]: Array<QuoteRow & { deal_name: string }> = await manager.query(
      `SELECT ${QUOTE_COLUMNS}, d.name AS deal_name FROM crm_quotes q JOIN crm_deals d ON d.id = q.deal_id
        WHERE q.id = $1${lock ? ' FOR UPDATE OF q' : ''}`,
      [id],
    );
    if (!row) return null;
    const quote = quoteAnswer(row);
    return {
      quote,
      sellerName: await this.sellerName(manager, row.org_id, row.owner_id),
      dealName: row.deal_name,
      open: quote.status === 'sent' && quote.valid_until >= isoDay(new Date()),
    };
  }

  /** The PDF of a quote found by its public link. */
  async publicPdf(found: PublicQuote): Promise<Buffer> {
    return this.render(this.dataSource.manager, found.quote);
  }

  private async render(manager: EntityManager, quote: Quote): Promise<Buffer> {
    const [row]: Array<{ org_id: string | null; owner_id: string; deal_name: string }> = await manager.query(
      'SELECT q.org_id, q.owner_id, d.name AS deal_name FROM crm_quotes q JOIN crm_deals d ON d.id = q.deal_id WHERE q.id = $1',
      [quote.id],
    );
    const found = row as { org_id: string | null; owner_id: string; deal_name: string };
    const logo = await this.logos.bytesOf(manager, found.org_id);
    return renderQuotePdf({
      quote,
      sellerName: await this.sellerName(manager, found.org_id, found.owner_id),
      sellerLogo: logo?.content ?? null,
      dealName: found.deal_name,
    });
  }

  private async sellerName(manager: EntityManager, orgId: string | null, ownerId: string): Promise<string> {
    const [row]: Array<{ name: string }> = await manager.query(
      `SELECT coalesce((SELECT name FROM institutions WHERE id = $1), (SELECT email FROM users WHERE id = $2), 'Tessera') AS name`,
      [orgId, ownerId],
    );
    return row?.name ?? 'Tessera';
  }

  private defaultValidity(): string {
    return isoDay(new Date(Date.now() + DEFAULT_QUOTE_VALIDITY_DAYS * 24 * 60 * 60 * 1000));
  }

  private async linesOf(manager: EntityManager, dealId: string, currency: string): Promise<QuoteLine[]> {
    const rows: LineItemRow[] = await this.lineItems.rows(manager, dealId);
    if (rows.length === 0)
      throw new InvalidInputError('A quote is made from the deal’s line items: add one first', {
        lines: ['The deal has no line items'],
      });
    return rows.map((row) => {
      const {
        id: _id,
        deal_id: _deal,
        position: _position,
        created_at: _created,
        updated_at: _updated,
        ...line
      } = lineAnswer(row, currency);
      return line;
    });
  }

  private totals(lines: QuoteLine[], currency: string): number[] {
    const totals = sellingTotals(
      lines.map((line) => ({
        quantity: line.quantity,
        unit_price_minor: toMinorUnits(line.unit_price, currency) ?? 0,
        discount_percent: line.discount_percent,
        discount_amount_minor:
          line.discount_amount === null ? null : toMinorUnits(line.discount_amount, currency),
        tax_percent: line.tax_percent,
        recurrence: line.recurrence,
      })),
      currency,
    );
    return [totals.amount, totals.net, totals.tax, totals.monthly, totals.yearly].map(
      (amount) => toMinorUnits(amount, currency) ?? 0,
    );
  }

  private async insert(
    manager: EntityManager,
    values: {
      org_id: string | null;
      owner_id: string;
      deal_id: string;
      scope_key: string;
      number: string;
      revision: number;
      currency: string;
      valid_until: string;
      terms: string | null;
      win_on_accept: boolean;
      lines: QuoteLine[];
    },
  ): Promise<string> {
    const [row]: Array<{ id: string }> = await manager.query(
      `INSERT INTO crm_quotes (org_id, owner_id, deal_id, scope_key, number, revision, currency, valid_until, terms,
         win_on_accept, lines, total_minor, net_minor, tax_minor, monthly_minor, yearly_minor)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id`,
      [
        values.org_id,
        values.owner_id,
        values.deal_id,
        values.scope_key,
        values.number,
        values.revision,
        values.currency,
        values.valid_until,
        values.terms,
        values.win_on_accept,
        JSON.stringify(values.lines),
        ...this.totals(values.lines, values.currency),
      ],
    );
    return (row as { id: string }).id;
  }

  private async row(
    manager: EntityManager,
    scope: TenantScope,
    id: string,
    lock: boolean,
  ): Promise<QuoteRow> {
    const where = scopeSql(scope, 'q', 2);
    const [row]: QuoteRow[] = await manager.query(
      `SELECT ${QUOTE_COLUMNS} FROM crm_quotes q WHERE q.id = $1 AND ${where.sql}${lock ? ' FOR UPDATE' : ''}`,
      [id, ...where.params],
    );
    if (!row) throw new NotFoundError('Quote');
    return row;
  }

  private async read(manager: EntityManager, scope: TenantScope, id: string): Promise<Quote> {
    return quoteAnswer(await this.row(manager, scope, id, false));
  }
}
