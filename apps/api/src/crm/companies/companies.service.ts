import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { companyNameTakenMessage, type Page } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { inScope, ownership, scopeSql } from '../../access/scoped-query';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { ActivityEntity } from '../activities/activity.entity';
import { pageOf } from '../common/crm-columns';
import { DEFAULT_PAGE_SIZE } from '../common/pagination.dto';
import { ContactEntity } from '../contacts/contact.entity';
import type { DealEntity } from '../deals/deal.entity';
import { DEAL_COLUMNS } from '../deals/deals.service';
import { CompanyEntity } from './company.entity';
import type {
  CompanyDetailDto,
  CompanyListQueryDto,
  CreateCompanyDto,
  UpdateCompanyDto,
} from './dto/company.dto';
import { contactsFollowCompanyNames } from './company-links';
import { WebhookEvents } from '../../integrations/webhook-events.service';

/** LIKE wildcards in search text are literal characters. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** What the detail page lists of a company's activities (its contacts' and its deals'). */
const DETAIL_ACTIVITIES = 50;

/**
 * Companies (docs/product/companies.md): the accounts contacts and deals link to. A name is unique
 * in its scope (case-insensitive); renaming a company renames it on its contacts (`company`), and
 * deleting one unlinks its contacts and deals (the database sets their company_id to null).
 */
@Injectable()
export class CompaniesService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly webhooks: WebhookEvents,
  ) {}

  private query(scope: TenantScope, manager: EntityManager = this.dataSource.manager) {
    return inScope(manager.createQueryBuilder(CompanyEntity, 'company'), scope);
  }

  async get(scope: TenantScope, id: string, manager?: EntityManager, lock = false): Promise<CompanyEntity> {
    const query = this.query(scope, manager).andWhere('company.id = :id', { id });
    if (lock) query.setLock('pessimistic_write');
    const company = await query.getOne();
    if (!company) throw new NotFoundError('Company');
    return company;
  }

  /** By name (A–Z); `q` matches the name or the domain. */
  async list(scope: TenantScope, filters: CompanyListQueryDto): Promise<Page<CompanyEntity>> {
    const query = this.query(scope);
    const text = filters.q?.trim();
    if (text)
      query.andWhere('(company.name ILIKE :text OR company.domain ILIKE :text)', {
        text: `%${escapeLike(text)}%`,
      });
    return pageOf(
      query.orderBy('lower(company.name)', 'ASC').addOrderBy('company.id', 'ASC'),
      filters.limit ?? DEFAULT_PAGE_SIZE,
      filters.offset ?? 0,
    );
  }

  /** The company with its contacts, its deals and the latest activities of either. */
  async detail(scope: TenantScope, id: string): Promise<CompanyDetailDto> {
    const company = await this.get(scope, id);
    const manager = this.dataSource.manager;
    const contacts = await inScope(manager.createQueryBuilder(ContactEntity, 'contact'), scope)
      .andWhere('contact.company_id = :id', { id })
      .orderBy('contact.last_name', 'ASC')
      .addOrderBy('contact.first_name', 'ASC')
      .getMany();
    const where = scopeSql(scope, 'd', 2);
    const deals: DealEntity[] = await manager.query(
      `SELECT ${DEAL_COLUMNS} FROM crm_deals d WHERE d.company_id = $1 AND ${where.sql}
        ORDER BY d.created_at DESC, d.id`,
      [id, ...where.params],
    );
    const activities = await inScope(manager.createQueryBuilder(ActivityEntity, 'activity'), scope)
      .andWhere(
        `(activity.contact_id IN (SELECT k.id FROM crm_contacts k WHERE k.company_id = :id)
          OR activity.deal_id IN (SELECT d.id FROM crm_deals d WHERE d.company_id = :id))`,
        { id },
      )
      .orderBy('activity.created_at', 'DESC')
      .addOrderBy('activity.id', 'ASC')
      .take(DETAIL_ACTIVITIES)
      .getMany();
    return { ...company, contacts, deals, activities };
  }

  async create(scope: TenantScope, input: CreateCompanyDto): Promise<CompanyEntity> {
    return this.dataSource.transaction(async (manager) => {
      const values = this.clean(input);
      await this.requireFreeName(manager, scope, values.name ?? '');
      const created = await manager.save(
        CompanyEntity,
        manager.create(CompanyEntity, { ...values, ...ownership(scope) }),
      );
      await this.webhooks.emit(manager, scope.institutionId, 'company.created', created);
      return created;
    });
  }

  async update(scope: TenantScope, id: string, input: UpdateCompanyDto): Promise<CompanyEntity> {
    return this.dataSource.transaction(async (manager) => {
      const company = await this.get(scope, id, manager, true);
      const before = company.name;
      const values = this.clean(input);
      if (values.name !== undefined && values.name.toLowerCase() !== before.toLowerCase())
        await this.requireFreeName(manager, scope, values.name, id);
      const saved = await manager.save(CompanyEntity, manager.merge(CompanyEntity, company, values));
      // The contacts' company text is the company's name: it follows a rename.
      if (saved.name !== before) await contactsFollowCompanyNames(manager, [id]);
      await this.webhooks.emit(manager, scope.institutionId, 'company.updated', saved);
      return saved;
    });
  }

  /** Deletes the company; its contacts and deals stay, unlinked. */
  async remove(scope: TenantScope, id: string): Promise<void> {
    await this.dataSource.transaction(async (manager) => {
      const company = await this.get(scope, id, manager, true);
      await manager.delete(CompanyEntity, { id: company.id });
      await this.webhooks.emit(manager, scope.institutionId, 'company.deleted', company);
    });
  }

  private clean(input: UpdateCompanyDto): UpdateCompanyDto {
    const values: UpdateCompanyDto = { ...input };
    if (typeof values.name === 'string') values.name = values.name.trim();
    for (const key of ['phone', 'address'] as const) {
      const value = values[key];
      if (typeof value === 'string') values[key] = value.trim() || null;
    }
    return values;
  }

  private async requireFreeName(
    manager: EntityManager,
    scope: TenantScope,
    name: string,
    except?: string,
  ): Promise<void> {
    const where = scopeSql(scope, 'c', 3);
    const rows: unknown[] = await manager.query(
      `SELECT 1 FROM crm_companies c WHERE lower(c.name) = lower($1) AND c.id IS DISTINCT FROM $2 AND ${where.sql}`,
      [name, except ?? null, ...where.params],
    );
    if (rows.length > 0)
      throw new InvalidInputError('A company with this name already exists', {
        name: [companyNameTakenMessage(name)],
      });
  }
}
