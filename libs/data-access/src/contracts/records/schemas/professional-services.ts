/** Professional Services (docs/product/modules.md#modules-and-submodules: clients, projects, time-tracking, invoicing, profitability). */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

export const PROFESSIONAL_SERVICES_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'professional-services',
    submoduleId: 'clients',
    entityName: 'Client',
    fields: [
      commonField.company('name', 'Name', true),
      commonField.person('contact_person', 'Contact person'),
      f.email('email', 'Email', { searchable: true }),
      f.phone('phone', 'Phone'),
      f.enum('industry', 'Industry', [
        'technology',
        'healthcare',
        'finance',
        'retail',
        'manufacturing',
        'public_sector',
      ]),
      f.money('default_hourly_rate', 'Default hourly rate', { sample: { between: [90, 350] } }),
      commonField.person('account_manager', 'Account manager'),
      commonField.status(['prospect', 'active', 'inactive']),
    ],
    titleField: 'name',
    listColumns: ['name', 'contact_person', 'industry', 'default_hourly_rate', 'account_manager', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'professional-services',
    submoduleId: 'projects',
    entityName: 'Project',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Cloud migration',
        'Brand refresh',
        'Process audit',
        'CRM implementation',
        'Pricing strategy',
      ]),
      f.reference('client', 'Client', 'professional-services/clients', 'name', { required: true }),
      commonField.person('project_manager', 'Project manager'),
      f.date('start_date', 'Start date', { required: true, sample: { daysFromToday: [-120, 30] } }),
      f.date('end_date', 'End date', { sample: { daysAfterStart: [14, 120] } }),
      f.money('budget', 'Budget', { sample: { between: [5_000, 250_000] } }),
      f.enum('billing_type', 'Billing', ['fixed_fee', 'time_and_materials', 'retainer'], { required: true }),
      commonField.status(['proposed', 'active', 'on_hold', 'completed']),
    ],
    titleField: 'name',
    listColumns: ['name', 'client', 'project_manager', 'start_date', 'end_date', 'budget', 'status'],
    defaultSort: { field: 'start_date', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
    timelineStartField: 'start_date',
    timelineEndField: 'end_date',
  }),
  defineRecordSchema({
    moduleId: 'professional-services',
    submoduleId: 'time-tracking',
    entityName: 'Time Entry',
    entityNamePlural: 'Time Entries',
    fields: [
      commonField.requiredSearchableText('description', 'Description', [
        'Workshop facilitation',
        'Requirements analysis',
        'Status meeting',
        'Report writing',
      ]),
      f.reference('project', 'Project', 'professional-services/projects', 'name', { required: true }),
      commonField.person('consultant', 'Consultant', true),
      ...commonField.billableTime({ withinDays: 45, hoursBetween: [0.5, 8], hourlyRateBetween: [90, 350] }),
      commonField.billedAmount(),
      commonField.status(['draft', 'submitted', 'approved', 'invoiced']),
    ],
    titleField: 'description',
    listColumns: ['work_date', 'project', 'consultant', 'description', 'hours', 'status'],
    defaultSort: { field: 'work_date', direction: 'desc' },
    sortableFields: ['work_date', 'consultant', 'description', 'hours', 'hourly_rate', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'professional-services',
    submoduleId: 'invoicing',
    entityName: 'Invoice',
    fields: [
      commonField.identifier('invoice_number', 'Invoice number', 'PS-'),
      f.reference('client', 'Client', 'professional-services/clients', 'name', { required: true }),
      f.reference('project', 'Project', 'professional-services/projects', 'name'),
      f.date('issue_date', 'Issue date', { required: true, sample: { daysFromToday: [-90, 0] } }),
      f.date('due_date', 'Due date', { required: true, sample: { daysFromToday: [-45, 45] } }),
      f.money('amount', 'Amount', { required: true, sample: { between: [1_200, 60_000] } }),
      commonField.status(['draft', 'sent', 'paid', 'overdue']),
    ],
    titleField: 'invoice_number',
    listColumns: ['invoice_number', 'client', 'project', 'issue_date', 'due_date', 'amount', 'status'],
    defaultSort: { field: 'issue_date', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
];

export const PROFESSIONAL_SERVICES_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'professional-services',
    submoduleId: 'profitability',
    title: 'Profitability',
    description: 'Budgets against invoiced revenue and hours logged, per project and client.',
    sources: ['projects', 'time-tracking', 'invoicing', 'clients'],
    kpis: [
      { kind: 'sum', label: 'Budgeted', source: 'projects', field: 'budget' },
      { kind: 'sum', label: 'Invoiced', source: 'invoicing', field: 'amount' },
      {
        kind: 'sum',
        label: 'Collected',
        source: 'invoicing',
        field: 'amount',
        where: { field: 'status', values: ['paid'] },
      },
      { kind: 'sum', label: 'Hours logged', source: 'time-tracking', field: 'hours' },
      // Amount is derived (hours × rate) and stored on every write, so it sums like a typed field.
      {
        kind: 'sum',
        label: 'Time not yet invoiced',
        source: 'time-tracking',
        field: 'amount',
        where: { field: 'status', values: ['draft', 'submitted', 'approved'] },
      },
      {
        kind: 'countWhere',
        label: 'Active projects',
        source: 'projects',
        field: 'status',
        values: ['active'],
      },
    ],
    charts: [
      {
        kind: 'sumBy',
        title: 'Budget by billing type',
        source: 'projects',
        groupField: 'billing_type',
        valueField: 'budget',
      },
      {
        kind: 'sumBy',
        title: 'Invoiced by status',
        source: 'invoicing',
        groupField: 'status',
        valueField: 'amount',
      },
      {
        kind: 'sumBy',
        title: 'Hours by status',
        source: 'time-tracking',
        groupField: 'status',
        valueField: 'hours',
      },
      { kind: 'countByMonth', title: 'Invoices per month', source: 'invoicing', field: 'issue_date' },
    ],
  },
];
