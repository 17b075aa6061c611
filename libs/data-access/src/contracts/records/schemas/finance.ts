/** Finance (docs/product/modules.md#modules-and-submodules: invoicing, expenses, reporting). */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

export const FINANCE_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'finance',
    submoduleId: 'invoicing',
    entityName: 'Invoice',
    fields: [
      commonField.identifier('invoice_number', 'Invoice number', 'INV-'),
      commonField.company('customer', 'Customer', true),
      f.date('issue_date', 'Issue date', { required: true, sample: { daysFromToday: [-90, 0] } }),
      f.date('due_date', 'Due date', { required: true, sample: { daysFromToday: [-45, 45] } }),
      f.money('amount', 'Amount', { required: true, sample: { between: [250, 25_000] } }),
      f.money('tax', 'Tax', { sample: { between: [0, 2_500] } }),
      commonField.status(['draft', 'sent', 'paid', 'overdue']),
      commonField.notes(),
    ],
    titleField: 'invoice_number',
    listColumns: ['invoice_number', 'customer', 'issue_date', 'due_date', 'amount', 'status'],
    defaultSort: { field: 'issue_date', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'finance',
    submoduleId: 'expenses',
    entityName: 'Expense',
    fields: [
      commonField.requiredSearchableText('description', 'Description', [
        'Client dinner',
        'Train to Lyon',
        'Laptop stand',
        'Cloud hosting',
        'Conference ticket',
      ]),
      f.enum(
        'category',
        'Category',
        ['travel', 'meals', 'software', 'office_supplies', 'equipment', 'utilities', 'other'],
        {
          required: true,
        },
      ),
      f.money('amount', 'Amount', { required: true, sample: { between: [12, 2_400] } }),
      f.date('expense_date', 'Expense date', { required: true, sample: { daysFromToday: [-90, 0] } }),
      commonField.company('vendor', 'Vendor'),
      commonField.person('submitted_by', 'Submitted by'),
      commonField.status(['submitted', 'approved', 'rejected', 'reimbursed']),
      f.url('receipt_url', 'Receipt link'),
    ],
    titleField: 'description',
    listColumns: ['description', 'category', 'amount', 'expense_date', 'submitted_by', 'status'],
    defaultSort: { field: 'expense_date', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
];

export const FINANCE_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'finance',
    submoduleId: 'reporting',
    title: 'Financial reporting',
    description: 'Invoiced, collected and outstanding amounts, with spending by category.',
    sources: ['invoicing', 'expenses'],
    kpis: [
      { kind: 'sum', label: 'Invoiced', source: 'invoicing', field: 'amount' },
      {
        kind: 'sum',
        label: 'Collected',
        source: 'invoicing',
        field: 'amount',
        where: { field: 'status', values: ['paid'] },
      },
      {
        kind: 'sum',
        label: 'Outstanding',
        source: 'invoicing',
        field: 'amount',
        where: { field: 'status', values: ['sent', 'overdue'] },
      },
      {
        kind: 'countWhere',
        label: 'Overdue invoices',
        source: 'invoicing',
        field: 'status',
        values: ['overdue'],
      },
      { kind: 'sum', label: 'Expenses', source: 'expenses', field: 'amount' },
    ],
    charts: [
      {
        kind: 'sumBy',
        title: 'Invoiced by status',
        source: 'invoicing',
        groupField: 'status',
        valueField: 'amount',
      },
      {
        kind: 'sumBy',
        title: 'Spending by category',
        source: 'expenses',
        groupField: 'category',
        valueField: 'amount',
      },
      { kind: 'countByMonth', title: 'Invoices issued per month', source: 'invoicing', field: 'issue_date' },
    ],
  },
];
