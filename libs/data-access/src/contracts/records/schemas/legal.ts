/**
 * Legal Practice (docs/product/modules.md#modules-and-submodules: case-management, document-management, client-portal, time-billing,
 * calendar-scheduling, compliance-tracking, legal-research). Every submodule keeps records.
 */

import { recordField as f } from '../field-builders';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const MATTERS = [
  'Acme v. Harbor Freight',
  'Estate of M. Novak',
  'Series A financing',
  'Lease renewal – King Street',
  'Wrongful dismissal claim',
  'Trademark opposition',
  'Custody arrangement',
];
const ATTORNEYS = ['Alicia Romero', 'Benjamin Shaw', 'Chidi Okonkwo', 'Dana Whitaker', 'Eva Lindqvist'];

export const LEGAL_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'case-management',
    entityName: 'Matter',
    fields: [
      commonField.identifier('case_number', 'Case number', 'MAT-'),
      commonField.title(MATTERS),
      commonField.company('client', 'Client', true),
      f.enum(
        'practice_area',
        'Practice area',
        [
          'litigation',
          'corporate',
          'family',
          'real_estate',
          'employment',
          'intellectual_property',
          'criminal',
        ],
        { required: true },
      ),
      f.text('responsible_attorney', 'Responsible attorney', {
        searchable: true,
        sample: { oneOf: ATTORNEYS },
      }),
      f.text('court', 'Court', {
        sample: { oneOf: ['District Court', 'High Court', 'Court of Appeal', 'Tribunal', 'n/a'] },
      }),
      f.date('opened_on', 'Opened on', { required: true, sample: { daysFromToday: [-400, 0] } }),
      commonField.status(['intake', 'active', 'pending', 'settled', 'closed']),
    ],
    titleField: 'title',
    listColumns: ['case_number', 'title', 'client', 'practice_area', 'responsible_attorney', 'status'],
    defaultSort: { field: 'opened_on', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'document-management',
    entityName: 'Document',
    fields: [
      commonField.title([
        'Statement of claim',
        'Share purchase agreement',
        'Witness statement',
        'Engagement letter',
      ]),
      f.reference('matter', 'Matter', 'legal/case-management', 'title'),
      f.enum(
        'document_type',
        'Document type',
        ['contract', 'pleading', 'motion', 'correspondence', 'evidence', 'memo'],
        {
          required: true,
        },
      ),
      f.text('author', 'Author', { sample: { oneOf: ATTORNEYS } }),
      f.text('version', 'Version', { sample: { oneOf: ['v1', 'v2', 'v3', 'final'] } }),
      f.date('filed_on', 'Filed on', { sample: { daysFromToday: [-200, 0] } }),
      f.url('link', 'Document link'),
      commonField.status(['draft', 'in_review', 'final', 'filed']),
    ],
    titleField: 'title',
    listColumns: ['title', 'matter', 'document_type', 'author', 'version', 'status'],
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'client-portal',
    entityName: 'Portal Account',
    description: 'Clients invited to the portal to follow their matters and share documents.',
    fields: [
      commonField.person('client_name', 'Client name', true),
      f.email('email', 'Email', { required: true, searchable: true }),
      commonField.company('company', 'Company'),
      f.phone('phone', 'Phone'),
      f.reference('matter', 'Matter', 'legal/case-management', 'title'),
      f.enum('access_level', 'Access', ['view_only', 'upload', 'full'], { required: true }),
      f.dateTime('last_login', 'Last sign-in', { sample: { daysFromToday: [-45, 0] } }),
      commonField.status(['invited', 'active', 'suspended']),
    ],
    titleField: 'client_name',
    listColumns: ['client_name', 'email', 'company', 'access_level', 'last_login', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'time-billing',
    entityName: 'Time Entry',
    entityNamePlural: 'Time Entries',
    fields: [
      commonField.requiredSearchableText('description', 'Description', [
        'Drafted motion to dismiss',
        'Client call',
        'Reviewed disclosure',
        'Court attendance',
        'Research',
      ]),
      f.reference('matter', 'Matter', 'legal/case-management', 'title', { required: true }),
      f.text('attorney', 'Attorney', { required: true, sample: { oneOf: ATTORNEYS } }),
      ...commonField.billableTime({ withinDays: 60, hoursBetween: [0.2, 8], hourlyRateBetween: [150, 650] }),
      commonField.billedAmount(),
      commonField.status(['unbilled', 'billed', 'paid', 'written_off']),
    ],
    titleField: 'description',
    listColumns: ['work_date', 'matter', 'attorney', 'description', 'hours', 'status'],
    defaultSort: { field: 'work_date', direction: 'desc' },
    sortableFields: ['work_date', 'attorney', 'description', 'hours', 'hourly_rate', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'calendar-scheduling',
    entityName: 'Legal Event',
    fields: [
      commonField.title([
        'Preliminary hearing',
        'Deposition of witness',
        'Client meeting',
        'Filing deadline',
        'Mediation',
      ]),
      f.enum(
        'event_type',
        'Type',
        ['hearing', 'deposition', 'meeting', 'filing_deadline', 'trial', 'consultation'],
        {
          required: true,
        },
      ),
      f.reference('matter', 'Matter', 'legal/case-management', 'title'),
      f.dateTime('start_time', 'Start', { required: true, sample: { daysFromToday: [-10, 45] } }),
      f.dateTime('end_time', 'End', { sample: { minutesAfterStart: [30, 240] } }),
      f.text('location', 'Location', {
        sample: { oneOf: ['Courtroom 3', 'Conference room A', 'Video call', 'Client office'] },
      }),
      f.text('attorney', 'Attorney', { sample: { oneOf: ATTORNEYS } }),
      commonField.status(['scheduled', 'completed', 'rescheduled', 'cancelled']),
    ],
    titleField: 'title',
    listColumns: ['start_time', 'title', 'event_type', 'matter', 'location', 'status'],
    defaultSort: { field: 'start_time', direction: 'asc' },
    calendarField: 'start_time',
    calendarEndField: 'end_time',
  }),
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'compliance-tracking',
    entityName: 'Compliance Obligation',
    fields: [
      commonField.title([
        'CLE hours 2026',
        'Bar licence renewal',
        'Trust account reconciliation',
        'GDPR records review',
      ]),
      f.enum(
        'obligation_type',
        'Type',
        [
          ['cle', 'Continuing legal education'],
          'bar_license',
          'conflict_check',
          'trust_account_audit',
          'data_protection',
        ],
        { required: true },
      ),
      f.text('responsible', 'Responsible', { sample: { oneOf: ATTORNEYS } }),
      f.date('due_date', 'Due date', { required: true, sample: { daysFromToday: [-20, 150] } }),
      f.date('completed_on', 'Completed on', { sample: { daysFromToday: [-60, 0] } }),
      commonField.status(['pending', 'completed', 'overdue', 'waived']),
      commonField.notes(),
    ],
    titleField: 'title',
    defaultSort: { field: 'due_date', direction: 'asc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'legal',
    submoduleId: 'legal-research',
    entityName: 'Research Memo',
    fields: [
      commonField.title([
        'Limitation periods for contract claims',
        'Non-compete enforceability',
        'Fair use precedents',
      ]),
      f.reference('matter', 'Matter', 'legal/case-management', 'title'),
      f.text('jurisdiction', 'Jurisdiction', {
        sample: { oneOf: ['Federal', 'California', 'New York', 'England & Wales', 'EU'] },
      }),
      f.text('researcher', 'Researcher', { sample: { oneOf: ATTORNEYS } }),
      f.longText('question', 'Question', { searchable: true, sample: 'sentence' }),
      f.longText('summary', 'Findings', { searchable: true, sample: 'paragraph' }),
      f.date('due_date', 'Due date', { sample: { daysFromToday: [-10, 30] } }),
      commonField.status(['requested', 'in_progress', 'completed']),
    ],
    titleField: 'title',
    defaultSort: { field: 'due_date', direction: 'asc' },
    boardField: 'status',
    defaultView: 'table',
  }),
];
