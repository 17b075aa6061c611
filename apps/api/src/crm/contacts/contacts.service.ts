import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { customFieldValueProblem, type MoveContactResult, type Page } from '@tessera/data-access/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import type { TenantScope } from '../../access/tenant-scope';
import { InvalidInputError, NotFoundError } from '../../common/domain-errors';
import { logActivities } from '../activities/activity-log';
import { AutomationRunner } from '../automation/automation-runner';
import { inScope, ownership, scopeSql } from '../../access/scoped-query';
import { pageOf } from '../common/crm-columns';
import { DEFAULT_PAGE_SIZE } from '../common/pagination.dto';
import { ContactEntity } from './contact.entity';
import { ContactCustomFieldEntity } from './contact-custom-field.entity';
import type {
  ContactSearchQueryDto,
  CreateContactDto,
  CustomFieldDto,
  MoveContactDto,
  UpdateContactDto,
} from './dto/contact.dto';
import { dealsFollowContacts } from '../companies/company-links';
import { WebhookEvents } from '../../integrations/webhook-events.service';

export type ContactWithFields = ContactEntity & { custom_fields: ContactCustomFieldEntity[] };

/** The contract's answer with the entity the API holds (JSON writes it as the contract's Contact). */
export type MoveResult = Omit<MoveContactResult, 'contact'> & { contact: ContactEntity };

/** A custom field's value must read as its type; checked before anything is written. */
function checkCustomFields(fields: readonly CustomFieldDto[]): void {
  const errors: string[] = [];
  const names = new Set<string>();
  for (const field of fields) {
    const problem = customFieldValueProblem(field.field_name, field.field_type, field.field_value);
    if (problem) errors.push(problem);
    if (names.has(field.field_name)) errors.push(`${field.field_name} is given twice`);
    names.add(field.field_name);
  }
  if (errors.length) throw new InvalidInputError('Invalid custom fields', { custom_fields: errors });
}

/** LIKE wildcards in search text are literal characters. */
const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

@Injectable()
export class ContactsService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly automation: AutomationRunner,
    private readonly webhooks: WebhookEvents,
  ) {}

  private query(scope: TenantScope, manager: EntityManager = this.dataSource.manager) {
    return inScope(manager.createQueryBuilder(ContactEntity, 'contact'), scope);
  }

  async get(scope: TenantScope, id: string, manager?: EntityManager, lock = false): Promise<ContactEntity> {
    const query = this.query(scope, manager).andWhere('contact.id = :id', { id });
    if (lock) query.setLock('pessimistic_write');
    const contact = await query.getOne();
    if (!contact) throw new NotFoundError('Contact');
    return contact;
  }

  async getWithFields(scope: TenantScope, id: string): Promise<ContactWithFields> {
    const contact = await this.get(scope, id);
    const custom_fields = await this.dataSource.getRepository(ContactCustomFieldEntity).find({
      where: { contact_id: id },
      order: { field_name: 'ASC' },
    });
    return { ...contact, custom_fields };
  }

  /** By scope, newest first (the contact list and the lead lists read this). */
  async list(scope: TenantScope, filters: ContactSearchQueryDto): Promise<Page<ContactEntity>> {
    return this.search(scope, filters);
  }

  /** Contacts of the scope joined with their custom fields (one query for the fields). */
  async listWithFields(
    scope: TenantScope,
    limit = DEFAULT_PAGE_SIZE,
    offset = 0,
  ): Promise<ContactWithFields[]> {
    const contacts = await this.query(scope)
      .orderBy('contact.created_at', 'DESC')
      .addOrderBy('contact.id', 'ASC')
      .take(limit)
      .skip(offset)
      .getMany();
    if (contacts.length === 0) return [];
    const fields = await this.dataSource
      .getRepository(ContactCustomFieldEntity)
      .createQueryBuilder('field')
      .where('field.contact_id IN (:...ids)', { ids: contacts.map((contact) => contact.id) })
      .orderBy('field.field_name', 'ASC')
      .getMany();
    return contacts.map((contact) => ({
      ...contact,
      custom_fields: fields.filter((field) => field.contact_id === contact.id),
    }));
  }

  /** docs/product/contacts.md#contact-search: text over first name, last name, email, company, phone (case-insensitive); status, source, tags. */
  async search(scope: TenantScope, filters: ContactSearchQueryDto): Promise<Page<ContactEntity>> {
    const limit = filters.limit ?? DEFAULT_PAGE_SIZE;
    const offset = filters.offset ?? 0;
    const query = this.query(scope);
    const text = filters.q?.trim();
    if (text) {
      query.andWhere(
        `(contact.first_name ILIKE :text OR contact.last_name ILIKE :text OR contact.email ILIKE :text
          OR contact.company ILIKE :text OR contact.phone ILIKE :text)`,
        { text: `%${escapeLike(text)}%` },
      );
    }
    if (filters.status) query.andWhere('contact.status = :status', { status: filters.status });
    if (filters.lead_source) query.andWhere('contact.lead_source = :source', { source: filters.lead_source });
    if (filters.tags?.length) query.andWhere('contact.tags @> :tags', { tags: filters.tags });
    return pageOf(query.orderBy('contact.created_at', 'DESC').addOrderBy('contact.id', 'ASC'), limit, offset);
  }

  /**
   * A contact's company link (docs/product/companies.md#consistency): a company of the scope, whose
   * name the contact's `company` then shows; while linked, another `company` text is refused.
   */
  private async linkCompany(
    manager: EntityManager,
    scope: TenantScope,
    values: Omit<UpdateContactDto, 'custom_fields'>,
    linked: string | null,
  ): Promise<void> {
    const companyId = values.company_id === undefined ? linked : values.company_id;
    if (!companyId) return;
    const where = scopeSql(scope, 'c', 2);
    const [company]: Array<{ name: string }> = await manager.query(
      `SELECT c.name FROM crm_companies c WHERE c.id = $1 AND ${where.sql}`,
      [companyId, ...where.params],
    );
    if (!company) throw new NotFoundError('Company');
    if (values.company !== undefined && values.company !== null && values.company.trim() !== company.name)
      throw new InvalidInputError('The company is the linked company’s name', {
        company: [`company is the linked company’s name (${company.name}): change the company link instead`],
      });
    values.company = company.name;
  }

  /** A contact and its custom fields in one transaction: both or neither. */
  async create(scope: TenantScope, input: CreateContactDto): Promise<ContactWithFields> {
    const { custom_fields: fields = [], ...values } = input;
    checkCustomFields(fields);
    return this.dataSource.transaction(async (manager) => {
      await this.linkCompany(manager, scope, values, null);
      const contact = await manager.save(
        ContactEntity,
        manager.create(ContactEntity, { ...values, tags: values.tags ?? [], ...ownership(scope) }),
      );
      if (fields.length) {
        await manager.insert(
          ContactCustomFieldEntity,
          fields.map((field) => ({ ...field, contact_id: contact.id })),
        );
      }
      // Read back: the tenant columns are filled in by the database (ownership trigger).
      const custom_fields = await manager.find(ContactCustomFieldEntity, {
        where: { contact_id: contact.id },
        order: { field_name: 'ASC' },
      });
      const created = { ...contact, custom_fields };
      await this.webhooks.emit(manager, scope.institutionId, 'contact.created', created);
      return created;
    });
  }

  async update(scope: TenantScope, id: string, changes: UpdateContactDto): Promise<ContactEntity> {
    const { custom_fields: fields, ...values } = changes;
    if (fields) checkCustomFields(fields);
    return this.dataSource.transaction(async (manager) => {
      const contact = await this.get(scope, id, manager, true);
      const linked = contact.company_id;
      await this.linkCompany(manager, scope, values, linked);
      const saved = await manager.save(ContactEntity, manager.merge(ContactEntity, contact, values));
      for (const field of fields ?? []) await this.writeCustomField(manager, id, field);
      // A contact who changes company takes their deals along (a deal's company is its contact's).
      if (saved.company_id !== linked) await dealsFollowContacts(manager, [saved.id]);
      await this.webhooks.emit(manager, scope.institutionId, 'contact.updated', saved);
      return saved;
    });
  }

  /** Saves a changed contact and tells webhooks, in the caller's transaction. */
  private async saveChanged(
    manager: EntityManager,
    scope: TenantScope,
    contact: ContactEntity,
  ): Promise<ContactEntity> {
    const saved = await manager.save(ContactEntity, contact);
    await this.webhooks.emit(manager, scope.institutionId, 'contact.updated', saved);
    return saved;
  }

  /** Upsert keyed by (contact_id, field_name) (docs/product/contacts.md). */
  async upsertCustomField(
    scope: TenantScope,
    id: string,
    field: CustomFieldDto,
  ): Promise<ContactCustomFieldEntity> {
    checkCustomFields([field]);
    return this.dataSource.transaction(async (manager) => {
      await this.get(scope, id, manager);
      return this.writeCustomField(manager, id, field);
    });
  }

  private async writeCustomField(
    manager: EntityManager,
    contactId: string,
    field: CustomFieldDto,
  ): Promise<ContactCustomFieldEntity> {
    const [row]: ContactCustomFieldEntity[] = await manager.query(
      `INSERT INTO crm_contact_custom_fields (contact_id, field_name, field_value, field_type)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (contact_id, field_name)
       DO UPDATE SET field_value = EXCLUDED.field_value, field_type = EXCLUDED.field_type, updated_at = now()
       RETURNING id, org_id, owner_id, contact_id, field_name, field_value, field_type, created_at, updated_at`,
      [contactId, field.field_name, field.field_value, field.field_type],
    );
    return row as ContactCustomFieldEntity;
  }

  async updateTags(scope: TenantScope, id: string, tags: string[]): Promise<ContactEntity> {
    return this.dataSource.transaction(async (manager) => {
      const contact = await this.get(scope, id, manager, true);
      contact.tags = [...new Set(tags)];
      return this.saveChanged(manager, scope, contact);
    });
  }

  async updateStatus(
    scope: TenantScope,
    id: string,
    status: ContactEntity['status'],
  ): Promise<ContactEntity> {
    return this.dataSource.transaction(async (manager) => {
      const contact = await this.get(scope, id, manager, true);
      contact.status = status;
      return this.saveChanged(manager, scope, contact);
    });
  }

  /**
   * Pipeline move (docs/product/contacts.md#pipeline-move-of-a-contact), one transaction: the status changes, a stage_change activity is
   * logged, and the enabled crm rules for that stage run their actions. A failure anywhere
   * leaves the contact where it was.
   */
  async move(scope: TenantScope, id: string, { stage }: MoveContactDto): Promise<MoveResult> {
    return this.dataSource.transaction(async (manager) => {
      const contact = await this.get(scope, id, manager, true);
      const from = contact.status;
      contact.status = stage;
      const saved = await this.saveChanged(manager, scope, contact);
      const [activityId] = await logActivities(manager, [
        {
          org_id: contact.org_id,
          owner_id: scope.userId,
          contact_id: contact.id,
          type: 'stage_change',
          subject: `Stage changed from ${from} to ${stage}`,
          status: 'completed',
        },
      ]);
      const rules_fired = await this.automation.onStageChange(manager, scope, {
        contact: saved,
        from,
        to: stage,
      });
      return { contact: saved, activity_id: activityId ?? '', rules_fired };
    });
  }
}
