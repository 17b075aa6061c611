/**
 * CRM imports from CSV and duplicate merging (docs/product/crm-imports.md): the importable fields of
 * each CRM entity, the header aliases of common exports (HubSpot, Pipedrive, Salesforce, Twenty),
 * value aliases for their stage lists, and the row rule. The import screen maps and previews with
 * these; the API maps and validates with the same ones, so the preview says what the import does.
 */

import { LINE_LIMITS, LINE_RECURRENCES, minorDigits, scaledInteger, toMinorUnits } from '../money';
import { unguardCsvCell } from '../csv';
import type { RecordImportStatus } from '../records-api';
import { normaliseDomain } from './companies';
import { CONTACT_EMAIL_PATTERN, CONTACT_FIELD_LIMITS } from './contact-rules';
import {
  COMPANY_SIZES,
  CONTACT_LEAD_SOURCES,
  CONTACT_STATUSES,
  DEAL_STAGES,
  INDUSTRIES,
  LEAD_SOURCES,
  LEAD_STAGES,
  LEAD_STATUSES,
} from './enums';

export const CRM_IMPORT_ENTITIES = ['contacts', 'leads', 'companies', 'deals', 'products'] as const;
export type CrmImportEntity = (typeof CRM_IMPORT_ENTITIES)[number];

export const CRM_IMPORT_ENTITY_LABELS: Record<CrmImportEntity, string> = {
  contacts: 'Contacts',
  leads: 'Leads',
  companies: 'Companies',
  deals: 'Deals',
  products: 'Products',
};

/** What happens to a row that matches an existing record (docs/product/crm-imports.md#duplicates). */
export const DUPLICATE_MODES = ['skip', 'update', 'create'] as const;
export type DuplicateMode = (typeof DUPLICATE_MODES)[number];

export const DUPLICATE_MODE_LABELS: Record<DuplicateMode, string> = {
  skip: 'Skip the row',
  update: 'Update the existing record',
  create: 'Create a new record anyway',
};

/** Rows of one file, as the API accepts them (the upload route has its own body limit: 32 MB). */
export const MAX_CRM_IMPORT_ROWS = 100_000;
export const CRM_IMPORT_BODY_LIMIT_BYTES = 32 * 1024 * 1024;

type CrmImportFieldKind =
  | 'text'
  | 'email'
  | 'domain'
  | 'choice'
  | 'size'
  | 'amount'
  | 'percent'
  | 'exact_percent'
  | 'price'
  | 'yes_no'
  | 'date'
  | 'currency'
  | 'tags';

export interface CrmImportField {
  key: string;
  label: string;
  kind: CrmImportFieldKind;
  required?: boolean;
  maxLength?: number;
  choices?: readonly string[];
  /** Header names of common exports, compared case- and punctuation-insensitively. */
  aliases: readonly string[];
}

/** A product's code: unique per institution (compared without case). */
export const PRODUCT_CODE_MAX_LENGTH = 60;

const FIRST_NAME: CrmImportField = {
  key: 'first_name',
  label: 'First name',
  kind: 'text',
  required: true,
  maxLength: CONTACT_FIELD_LIMITS.first_name,
  aliases: [
    'First Name',
    'Firstname',
    'Given Name',
    'Contact First Name',
    'Person - First name',
    'Name First Name',
  ],
};
const LAST_NAME: CrmImportField = {
  key: 'last_name',
  label: 'Last name',
  kind: 'text',
  required: true,
  maxLength: CONTACT_FIELD_LIMITS.last_name,
  aliases: [
    'Last Name',
    'Lastname',
    'Surname',
    'Family Name',
    'Contact Last Name',
    'Person - Last name',
    'Name Last Name',
  ],
};
const EMAIL: CrmImportField = {
  key: 'email',
  label: 'E-mail',
  kind: 'email',
  maxLength: CONTACT_FIELD_LIMITS.email,
  aliases: [
    'Email',
    'Email Address',
    'E-mail Address',
    'Primary Email',
    'Work Email',
    'Person - Email',
    'Emails Primary Email',
    'Emails',
  ],
};
const PHONE: CrmImportField = {
  key: 'phone',
  label: 'Phone',
  kind: 'text',
  maxLength: CONTACT_FIELD_LIMITS.phone,
  aliases: [
    'Phone Number',
    'Phone',
    'Mobile Phone Number',
    'Mobile',
    'Work Phone',
    'Person - Phone',
    'Phones Primary Phone Number',
    'Phones',
  ],
};
const COMPANY: CrmImportField = {
  key: 'company',
  label: 'Company',
  kind: 'text',
  maxLength: CONTACT_FIELD_LIMITS.company,
  aliases: [
    'Company Name',
    'Company',
    'Account Name',
    'Organization',
    'Organisation',
    'Person - Organization',
    'Organization - Name',
    'Associated Company',
  ],
};

export const CRM_IMPORT_FIELDS: Record<CrmImportEntity, readonly CrmImportField[]> = {
  contacts: [
    FIRST_NAME,
    LAST_NAME,
    EMAIL,
    PHONE,
    COMPANY,
    {
      key: 'title',
      label: 'Job title',
      kind: 'text',
      maxLength: CONTACT_FIELD_LIMITS.title,
      aliases: ['Job Title', 'Title', 'Position', 'Job Title Name'],
    },
    {
      key: 'status',
      label: 'Status',
      kind: 'choice',
      choices: CONTACT_STATUSES,
      aliases: ['Lifecycle Stage', 'Contact Status', 'Lead Status', 'Stage'],
    },
    {
      key: 'lead_source',
      label: 'Lead source',
      kind: 'choice',
      choices: CONTACT_LEAD_SOURCES,
      aliases: ['Lead Source', 'Source', 'Original Source', 'Original Source Type'],
    },
    { key: 'tags', label: 'Tags', kind: 'tags', aliases: ['Tags', 'Labels', 'Label'] },
  ],
  leads: [
    FIRST_NAME,
    LAST_NAME,
    EMAIL,
    PHONE,
    COMPANY,
    {
      key: 'position',
      label: 'Position',
      kind: 'text',
      maxLength: 120,
      aliases: ['Job Title', 'Title', 'Position'],
    },
    {
      key: 'stage',
      label: 'Stage',
      kind: 'choice',
      choices: LEAD_STAGES,
      aliases: ['Lifecycle Stage', 'Lead Stage', 'Stage'],
    },
    {
      key: 'status',
      label: 'Status',
      kind: 'choice',
      choices: LEAD_STATUSES,
      aliases: ['Lead Status', 'Status'],
    },
    {
      key: 'lead_source',
      label: 'Lead source',
      kind: 'choice',
      choices: LEAD_SOURCES,
      aliases: ['Lead Source', 'Source', 'Original Source'],
    },
    {
      key: 'website',
      label: 'Website',
      kind: 'text',
      maxLength: 300,
      aliases: ['Website', 'Website URL', 'Company Domain Name', 'Domain'],
    },
    { key: 'industry', label: 'Industry', kind: 'choice', choices: INDUSTRIES, aliases: ['Industry'] },
    {
      key: 'notes',
      label: 'Notes',
      kind: 'text',
      maxLength: 5000,
      aliases: ['Notes', 'Description', 'Note'],
    },
  ],
  companies: [
    {
      key: 'name',
      label: 'Company name',
      kind: 'text',
      required: true,
      maxLength: 200,
      aliases: ['Company Name', 'Name', 'Account Name', 'Organization - Name', 'Organization', 'Company'],
    },
    {
      key: 'domain',
      label: 'Domain',
      kind: 'domain',
      maxLength: 253,
      aliases: [
        'Company Domain Name',
        'Domain',
        'Domain Name',
        'Website',
        'Website URL',
        'Organization - Website',
        'Domain Name Primary Link Url',
      ],
    },
    {
      key: 'industry',
      label: 'Industry',
      kind: 'choice',
      choices: INDUSTRIES,
      aliases: ['Industry', 'Organization - Industry'],
    },
    {
      key: 'size',
      label: 'Size',
      kind: 'size',
      choices: COMPANY_SIZES,
      aliases: [
        'Number of Employees',
        'Employees',
        'Company Size',
        'Organization - Number of employees',
        'Size',
      ],
    },
    {
      key: 'phone',
      label: 'Phone',
      kind: 'text',
      maxLength: 40,
      aliases: ['Phone Number', 'Phone', 'Company Phone', 'Organization - Phone'],
    },
    {
      key: 'address',
      label: 'Address',
      kind: 'text',
      maxLength: 500,
      aliases: [
        'Address',
        'Street Address',
        'Billing Street',
        'Billing Address',
        'Organization - Address',
        'Address Address Street1',
      ],
    },
  ],
  deals: [
    {
      key: 'name',
      label: 'Deal name',
      kind: 'text',
      required: true,
      maxLength: 200,
      aliases: ['Deal Name', 'Opportunity Name', 'Deal - Title', 'Title', 'Name'],
    },
    {
      key: 'amount',
      label: 'Amount',
      kind: 'amount',
      aliases: ['Amount', 'Deal Value', 'Value', 'Deal - Value', 'Amount Amount Micros'],
    },
    {
      key: 'currency',
      label: 'Currency',
      kind: 'currency',
      aliases: ['Currency', 'Deal Currency Code', 'Deal - Currency', 'Amount Currency Code'],
    },
    {
      key: 'stage',
      label: 'Stage',
      kind: 'choice',
      choices: DEAL_STAGES,
      aliases: ['Deal Stage', 'Stage', 'Deal - Stage', 'Opportunity Stage'],
    },
    {
      key: 'probability',
      label: 'Probability (%)',
      kind: 'percent',
      aliases: ['Probability', 'Probability (%)', 'Deal Probability', 'Deal - Probability'],
    },
    {
      key: 'expected_close_date',
      label: 'Expected close date',
      kind: 'date',
      aliases: ['Close Date', 'Expected Close Date', 'Deal - Expected close date', 'Close date'],
    },
    {
      key: 'lead_source',
      label: 'Lead source',
      kind: 'text',
      maxLength: 100,
      aliases: ['Lead Source', 'Source'],
    },
    {
      key: 'description',
      label: 'Description',
      kind: 'text',
      maxLength: 5000,
      aliases: ['Description', 'Deal Description', 'Notes'],
    },
    // Not a column of deals: the import links the deal to the company of this name (docs/product/crm-imports.md#companies).
    COMPANY,
  ],
  // The columns the catalogue's export writes (ProductsService.exportCsv), so an export imports back;
  // its price columns (`Price USD`) are fields of their own: productPriceField().
  products: [
    {
      key: 'name',
      label: 'Name',
      kind: 'text',
      required: true,
      maxLength: LINE_LIMITS.maxNameLength,
      aliases: ['Name', 'Product Name', 'Product', 'Product - Name', 'Item Name'],
    },
    {
      key: 'code',
      label: 'Code',
      kind: 'text',
      maxLength: PRODUCT_CODE_MAX_LENGTH,
      aliases: ['Code', 'Product Code', 'SKU', 'Product - Product code', 'Item Code'],
    },
    { key: 'unit', label: 'Unit', kind: 'text', maxLength: 30, aliases: ['Unit', 'Unit of Measure', 'UOM'] },
    {
      key: 'description',
      label: 'Description',
      kind: 'text',
      maxLength: 5000,
      aliases: ['Description', 'Product Description', 'Notes'],
    },
    {
      key: 'tax_percent',
      label: 'Tax %',
      kind: 'exact_percent',
      aliases: ['Tax %', 'Tax', 'Tax Rate', 'VAT', 'Product - Tax'],
    },
    {
      key: 'recurrence',
      label: 'Billing',
      kind: 'choice',
      choices: LINE_RECURRENCES,
      aliases: ['Billing', 'Recurrence', 'Billing Frequency', 'Billing Period'],
    },
    { key: 'active', label: 'Active', kind: 'yes_no', aliases: ['Active', 'Is Active', 'Enabled'] },
  ],
};

/** A product import's price columns: `Price USD` goes to the field `price_USD`, in USD. */
const PRICE_HEADER = /^price\s*[-_:(]?\s*([A-Za-z]{3})\)?$/i;
const PRICE_KEY = /^price_([A-Z]{3})$/;

/** The price field of a currency (`price_USD`, labelled `Price USD`); undefined for other keys. */
export function productPriceField(key: string): CrmImportField | undefined {
  const currency = PRICE_KEY.exec(key)?.[1];
  return currency
    ? { key, label: `Price ${currency}`, kind: 'price', aliases: [`Price ${currency}`] }
    : undefined;
}

/** The currency of a price field's key (`price_EUR` → `EUR`), or undefined. */
export function productPriceCurrency(key: string): string | undefined {
  return PRICE_KEY.exec(key)?.[1];
}

/** A field of `entity` by key: its fixed fields, and for products any currency's price. */
export function crmImportField(entity: CrmImportEntity, key: string): CrmImportField | undefined {
  return FIELDS_BY_KEY[entity].get(key) ?? (entity === 'products' ? productPriceField(key) : undefined);
}

/**
 * The fields a file's columns can go to: the entity's fields, and for products one price field per
 * currency its header names (`Price EUR`), since a catalogue has as many price columns as currencies.
 */
export function crmImportFieldsFor(
  entity: CrmImportEntity,
  headers: readonly string[] = [],
): readonly CrmImportField[] {
  if (entity !== 'products') return CRM_IMPORT_FIELDS[entity];
  const prices = new Map<string, CrmImportField>();
  for (const header of headers) {
    const currency = PRICE_HEADER.exec(header.trim())?.[1]?.toUpperCase();
    const field = currency ? productPriceField(`price_${currency}`) : undefined;
    if (field && !prices.has(field.key)) prices.set(field.key, field);
  }
  return [...CRM_IMPORT_FIELDS[entity], ...prices.values()];
}

/**
 * What decides that a row is already in the CRM (docs/product/crm-imports.md#duplicates), tried in
 * this order: people by e-mail, companies by domain and then by name, deals by name.
 */
export const CRM_IMPORT_MATCH_FIELDS: Record<CrmImportEntity, readonly string[]> = {
  contacts: ['email'],
  leads: ['email'],
  companies: ['domain', 'name'],
  deals: ['name'],
  // By code (unique); a row without a code by name, so a catalogue without codes imports back onto itself.
  products: ['code', 'name'],
};

/** Header text reduced to letters and digits: `E-mail Address`, `email_address` and `EmailAddress` meet. */
export function normalizeHeader(header: string): string {
  return header.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** Each file column's field key, or null when nothing matches: the screen's starting point. */
export function matchCrmImportColumns(
  entity: CrmImportEntity,
  headers: readonly string[],
): (string | null)[] {
  const fields = crmImportFieldsFor(entity, headers);
  const byName = new Map<string, string>();
  // Aliases first, keys and labels last: a field's own key or label wins over another's alias.
  for (const field of fields)
    for (const alias of field.aliases)
      if (!byName.has(normalizeHeader(alias))) byName.set(normalizeHeader(alias), field.key);
  for (const field of fields) {
    byName.set(normalizeHeader(field.label), field.key);
    byName.set(normalizeHeader(field.key), field.key);
  }
  const taken = new Set<string>();
  return headers.map((header) => {
    const key = byName.get(normalizeHeader(header));
    if (!key || taken.has(key)) return null;
    taken.add(key);
    return key;
  });
}

/** Per-field messages for a column mapping, keyed `mapping`: empty when the mapping can be imported. */
export function crmImportMappingErrors(
  entity: CrmImportEntity,
  headers: readonly string[],
  mapping: readonly (string | null)[],
): string[] {
  const errors: string[] = [];
  if (mapping.length !== headers.length)
    errors.push(`The mapping has ${mapping.length} columns but the file has ${headers.length}`);
  const fields = CRM_IMPORT_FIELDS[entity];
  const seen = new Set<string>();
  for (const key of mapping) {
    if (key === null) continue;
    if (!crmImportField(entity, key))
      errors.push(`${key} is not a field of ${CRM_IMPORT_ENTITY_LABELS[entity].toLowerCase()}`);
    else if (seen.has(key)) errors.push(`${key} is mapped from more than one column`);
    seen.add(key);
  }
  for (const field of fields)
    if (field.required && !seen.has(field.key)) errors.push(`Map a column to ${field.label} (required)`);
  return errors;
}

/** Stage and status words of common exports, by normalized text (HubSpot's ids, Salesforce's names). */
const VALUE_ALIASES: Record<string, Record<string, string>> = {
  'deals.stage': {
    appointmentscheduled: 'qualification',
    qualifiedtobuy: 'qualification',
    needsanalysis: 'qualification',
    presentationscheduled: 'proposal',
    valueproposition: 'proposal',
    proposalpricequote: 'proposal',
    decisionmakerboughtin: 'negotiation',
    contractsent: 'negotiation',
    negotiationreview: 'negotiation',
    closedwon: 'closed_won',
    won: 'closed_won',
    closedlost: 'closed_lost',
    lost: 'closed_lost',
  },
  'leads.stage': {
    subscriber: 'new',
    lead: 'new',
    marketingqualifiedlead: 'contacted',
    salesqualifiedlead: 'qualified',
    opportunity: 'proposal',
    customer: 'won',
    evangelist: 'won',
  },
  'contacts.status': {
    subscriber: 'new',
    lead: 'new',
    marketingqualifiedlead: 'contacted',
    salesqualifiedlead: 'qualified',
    opportunity: 'proposal',
    customer: 'won',
    evangelist: 'won',
    other: 'active',
  },
  'companies.industry': {
    computersoftware: 'technology',
    informationtechnologyandservices: 'technology',
    internet: 'technology',
    software: 'technology',
    itservices: 'technology',
    hospitalhealthcare: 'healthcare',
    medicaldevices: 'healthcare',
    pharmaceuticals: 'healthcare',
    financialservices: 'finance',
    banking: 'finance',
    insurance: 'finance',
    educationmanagement: 'education',
    highereducation: 'education',
    elearning: 'education',
    consumergoods: 'retail',
    ecommerce: 'retail',
    industrialautomation: 'manufacturing',
    machinery: 'manufacturing',
  },
  'leads.lead_source': {
    organicsearch: 'google_search',
    paidsearch: 'google_search',
    emailmarketing: 'email_campaign',
    socialmedia: 'social_media',
    offlinesources: 'other',
    directtraffic: 'website',
  },
  'contacts.lead_source': {
    organicsearch: 'google_search',
    paidsearch: 'google_search',
    emailmarketing: 'email_campaign',
    socialmedia: 'social_media',
    offlinesources: 'other',
    directtraffic: 'website',
  },
};

const DOMAIN_PATTERN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const TAG_PATTERN = /^[\w:.-]{1,60}$/;

/** Yes/no cells as exports and spreadsheets write them. */
const YES_NO: Readonly<Record<string, boolean>> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  active: true,
  no: false,
  n: false,
  false: false,
  '0': false,
  inactive: false,
};

/** An integer scaled by 10^digits as decimal text: (725n, 2) → `7.25`. */
function decimalText(scaled: bigint, digits: number): string {
  const text = scaled.toString().padStart(digits + 1, '0');
  return `${text.slice(0, -digits)}.${text.slice(-digits)}`.replace(/\.?0+$/, '');
}

/** A validated value ready for the database column (a yes/no as `true`/`false`, a price in minor units). */
export type CrmImportValue = string | number | string[] | null;

function choiceValue(entity: CrmImportEntity, field: CrmImportField, text: string): string | undefined {
  const choices = field.choices ?? [];
  const normalized = normalizeHeader(text);
  const direct = choices.find((choice) => normalizeHeader(choice) === normalized);
  if (direct) return direct;
  const alias = VALUE_ALIASES[`${entity}.${field.key}`]?.[normalized];
  return alias && choices.includes(alias) ? alias : undefined;
}

function dateValue(text: string): string | undefined {
  const iso = DATE_PATTERN.exec(text.slice(0, 10));
  // Exports write dates as 2026-03-01 or 2026-03-01 10:00 / 2026-03-01T10:00:00Z; US sheets as 3/1/2026.
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!year) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return date.toISOString().slice(0, 10);
}

function fieldValue(
  entity: CrmImportEntity,
  field: CrmImportField,
  text: string,
): { value: CrmImportValue } | { error: string } {
  if (field.maxLength && text.length > field.maxLength)
    return { error: `${field.label} must be at most ${field.maxLength} characters` };
  switch (field.kind) {
    case 'text':
      // The catalogue's export guards cells that a spreadsheet would run as formulas; its own file reads back as written.
      return { value: entity === 'products' ? unguardCsvCell(text) : text };
    case 'email':
      return CONTACT_EMAIL_PATTERN.test(text)
        ? { value: text.toLowerCase() }
        : { error: `${field.label} must be an e-mail address` };
    case 'domain': {
      const domain = normaliseDomain(text);
      return DOMAIN_PATTERN.test(domain)
        ? { value: domain }
        : { error: `${field.label} must be a web domain such as acme.com` };
    }
    case 'size': {
      // HubSpot and Salesforce export a head count (250); the product keeps a band (201-1000).
      const count = Number(text.replace(/[\s,]/g, ''));
      if (text.trim() !== '' && Number.isInteger(count) && count >= 0)
        return { value: companySizeFor(count) };
      const band = (field.choices ?? []).find(
        (choice) => choice.replace(/\s/g, '') === text.replace(/\s/g, '').replace(/[–—]/g, '-'),
      );
      return band
        ? { value: band }
        : { error: `${field.label} must be a head count or one of ${(field.choices ?? []).join(', ')}` };
    }
    case 'choice': {
      const value = choiceValue(entity, field, text);
      return value
        ? { value }
        : { error: `${field.label} must be one of ${(field.choices ?? []).join(', ')}` };
    }
    case 'amount': {
      const number = Number(text.replace(/[\s,$€£]/g, ''));
      return Number.isFinite(number) && number >= 0 && number < 1e12
        ? { value: Math.round(number * 100) / 100 }
        : { error: `${field.label} must be a number of 0 or more` };
    }
    case 'percent': {
      const number = Number(text.replace(/%$/, '').trim());
      return Number.isInteger(number) && number >= 0 && number <= 100
        ? { value: number }
        : { error: `${field.label} must be a whole number from 0 to 100` };
    }
    case 'exact_percent': {
      // Read from its text in hundredths, never through a float: `7.25` stays 7.25.
      const hundredths = scaledInteger(text.replace(/%$/, ''), LINE_LIMITS.percentDigits);
      return hundredths !== null && hundredths <= 10_000n
        ? { value: decimalText(hundredths, LINE_LIMITS.percentDigits) }
        : { error: `${field.label} must be a number from 0 to 100 with at most 2 decimals` };
    }
    case 'price': {
      const currency = productPriceCurrency(field.key) ?? 'USD';
      const digits = minorDigits(currency);
      // `1,234.50` as a spreadsheet writes it; a comma anywhere else is not a thousands separator.
      const plain = /^\d{1,3}(,\d{3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
      const minor = toMinorUnits(plain, currency);
      if (minor === null)
        return {
          error:
            digits === 0
              ? `${field.label} must be a whole amount of 0 or more (${currency} has no decimals)`
              : `${field.label} must be an amount of 0 or more with at most ${digits} decimals`,
        };
      return minor > LINE_LIMITS.maxUnitPrice * 10 ** digits
        ? { error: `${field.label} must be at most ${LINE_LIMITS.maxUnitPrice.toLocaleString('en-US')}` }
        : { value: minor };
    }
    case 'yes_no': {
      const answer = YES_NO[text.toLowerCase()];
      return answer === undefined
        ? { error: `${field.label} must be yes or no` }
        : { value: answer ? 'true' : 'false' };
    }
    case 'date': {
      const value = dateValue(text);
      return value ? { value } : { error: `${field.label} must be a date (YYYY-MM-DD)` };
    }
    case 'currency':
      return /^[A-Za-z]{3}$/.test(text)
        ? { value: text.toUpperCase() }
        : { error: `${field.label} must be a three-letter code such as USD` };
    case 'tags': {
      const tags = [
        ...new Set(
          text
            .split(/[;,]/)
            .map((tag) => tag.trim())
            .filter(Boolean),
        ),
      ];
      const bad = tags.find((tag) => !TAG_PATTERN.test(tag));
      if (bad) return { error: `Tag "${bad}" must be 1–60 letters, digits, _ : . or -` };
      return tags.length > 50 ? { error: `${field.label}: at most 50` } : { value: tags };
    }
  }
}

const FIELDS_BY_KEY = Object.fromEntries(
  CRM_IMPORT_ENTITIES.map((entity) => [
    entity,
    new Map(CRM_IMPORT_FIELDS[entity].map((field) => [field.key, field])),
  ]),
) as Record<CrmImportEntity, Map<string, CrmImportField>>;

export type CrmImportRowResult =
  | { ok: true; values: Record<string, CrmImportValue> }
  | { ok: false; errors: Record<string, string> };

/**
 * One data row through the mapping: empty cells are left out (an update keeps what is there),
 * every field is checked, and all the row's problems are reported at once, by field key.
 */
export function validateCrmImportRow(
  entity: CrmImportEntity,
  mapping: readonly (string | null)[],
  cells: readonly string[],
): CrmImportRowResult {
  const values: Record<string, CrmImportValue> = {};
  const errors: Record<string, string> = {};
  mapping.forEach((key, index) => {
    const field = key ? crmImportField(entity, key) : undefined;
    if (!field) return;
    const text = (cells[index] ?? '').trim();
    if (text === '') return;
    const result = fieldValue(entity, field, text);
    if ('error' in result) errors[field.key] = result.error;
    else values[field.key] = result.value;
  });
  for (const field of FIELDS_BY_KEY[entity].values())
    if (field.required && values[field.key] === undefined && !errors[field.key])
      errors[field.key] = `${field.label} is required`;
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, values };
}

/** The band of a head count: 1-10, 11-50, 51-200, 201-1000 or 1000+. */
export function companySizeFor(employees: number): (typeof COMPANY_SIZES)[number] {
  if (employees <= 10) return '1-10';
  if (employees <= 50) return '11-50';
  if (employees <= 200) return '51-200';
  if (employees <= 1000) return '201-1000';
  return '1000+';
}

/**
 * The keys a row is matched on, strongest first (`domain:acme.com`, `name:acme`); none when the row
 * has no value to match (then it is always created).
 */
export function crmImportMatchKeys(
  entity: CrmImportEntity,
  values: Record<string, CrmImportValue>,
): string[] {
  return CRM_IMPORT_MATCH_FIELDS[entity].flatMap((field) => {
    if (entity === 'products' && field === 'name' && typeof values.code === 'string') return [];
    const value = values[field];
    return typeof value === 'string' && value.trim() !== '' ? [`${field}:${value.trim().toLowerCase()}`] : [];
  });
}

export interface StartCrmImportInput {
  entity: CrmImportEntity;
  csv: string;
  /** One entry per file column: the field key it goes to, or null to leave it out. */
  mapping: (string | null)[];
  duplicates: DuplicateMode;
}

/** A CRM import: the records engine's progress, plus what duplicate handling did and whether it was undone. */
export interface CrmImportStatus extends RecordImportStatus {
  entity: CrmImportEntity;
  duplicates: DuplicateMode;
  updated_count: number;
  skipped_count: number;
  created_at: string;
  undone_at: string | null;
}

// ─── Duplicates ──────────────────────────────────────────────────────────────────────────────────

export const CRM_DUPLICATE_ENTITIES = ['contacts', 'leads', 'companies', 'deals'] as const;
export type CrmDuplicateEntity = (typeof CRM_DUPLICATE_ENTITIES)[number];

/** Why records are shown together. */
export type DuplicateReason = 'same_email' | 'similar_name' | 'same_domain';

/** The reasons each entity's records are grouped by, with their labels (the view's "Why" column). */
export const DUPLICATE_REASONS: Record<CrmDuplicateEntity, Partial<Record<DuplicateReason, string>>> = {
  contacts: { same_email: 'Same e-mail', similar_name: 'Similar name and company' },
  leads: { same_email: 'Same e-mail', similar_name: 'Similar name and company' },
  companies: { same_domain: 'Same domain', similar_name: 'Similar name' },
  deals: { similar_name: 'Similar name and company' },
};

/** What the duplicates view says it looks for, per entity. */
export const DUPLICATE_CRITERIA: Record<CrmDuplicateEntity, string> = {
  contacts: 'Records with the same e-mail, or a similar name and the same company.',
  leads: 'Records with the same e-mail, or a similar name and the same company.',
  companies: 'Companies with the same web domain, or a similar name (ignoring Inc, Ltd, GmbH and the like).',
  deals: 'Deals with a similar name at the same company.',
};

/**
 * The fields a merge picks one value of: the importable ones, but for tags (combined) and a deal's
 * company name (a deal links to its contact and company); the rest (activities, deals, files) move.
 */
function mergeFieldsOf(
  entity: CrmDuplicateEntity,
  links: readonly { key: string; label: string }[] = [],
): readonly { key: string; label: string }[] {
  const own = CRM_IMPORT_FIELDS[entity]
    .filter((field) => field.kind !== 'tags' && !(entity === 'deals' && field.key === 'company'))
    .map(({ key, label }) => ({ key, label }));
  return [...own, ...links];
}

export const MERGE_FIELDS: Record<CrmDuplicateEntity, readonly { key: string; label: string }[]> = {
  contacts: mergeFieldsOf('contacts'),
  leads: mergeFieldsOf('leads'),
  companies: mergeFieldsOf('companies'),
  // A deal's stage brings its status and close time along, and its contact brings the contact's
  // company (a deal's company is its contact's: docs/product/companies.md).
  deals: mergeFieldsOf('deals', [
    { key: 'contact_id', label: 'Contact' },
    { key: 'company_id', label: 'Company' },
  ]),
};

export interface DuplicateRecord {
  id: string;
  /** Who or what the record is: a person's name, a company's or a deal's name. */
  label: string;
  /** What tells it apart in a list: the e-mail, the domain or the deal's company (null when none). */
  detail: string | null;
  /** Each merge field's value as shown (a contact or company by its name; null when empty). */
  values: Record<string, string | null>;
  created_at: string;
}

export interface DuplicateGroup {
  reason: DuplicateReason;
  /** The e-mail or the name (and company) the records share, as shown. */
  key: string;
  records: DuplicateRecord[];
}

export interface MergeDuplicatesInput {
  survivor_id: string;
  merged_id: string;
  /** Merge fields whose value comes from the merged record; the survivor keeps the rest. */
  take_from_merged: string[];
}

export interface MergeResult {
  survivor_id: string;
  merged_id: string;
  /** Child rows moved to the survivor, by kind (activities, deals, files …). */
  moved: Record<string, number>;
}
