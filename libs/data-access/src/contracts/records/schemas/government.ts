/**
 * Government (docs/product/modules.md#modules-and-submodules: overview, citizen-services, case-management, regulatory-compliance,
 * grant-management, public-safety).
 */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const DEPARTMENTS = ['Planning', 'Public Works', 'Licensing', 'Social Services', 'Environmental Health'];

export const GOVERNMENT_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'government',
    submoduleId: 'citizen-services',
    entityName: 'Service Request',
    fields: [
      commonField.identifier('request_number', 'Request number', 'SR-'),
      commonField.person('citizen_name', 'Citizen', true),
      commonField.personalEmail(),
      f.phone('phone', 'Phone'),
      f.enum(
        'service_type',
        'Service',
        ['permit', 'license', 'records_request', 'complaint', 'benefits', 'waste_collection'],
        {
          required: true,
        },
      ),
      f.text('department', 'Department', { sample: { oneOf: DEPARTMENTS } }),
      f.date('submitted_on', 'Submitted on', { required: true, sample: { daysFromToday: [-60, 0] } }),
      commonField.status(['received', 'in_review', 'approved', 'rejected', 'completed']),
    ],
    titleField: 'request_number',
    listColumns: ['request_number', 'citizen_name', 'service_type', 'department', 'submitted_on', 'status'],
    defaultSort: { field: 'submitted_on', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'government',
    submoduleId: 'case-management',
    entityName: 'Case',
    fields: [
      commonField.identifier('case_number', 'Case number', 'CASE-'),
      commonField.title([
        'Housing repair dispute',
        'Benefit eligibility appeal',
        'Noise nuisance',
        'Unlicensed trading',
      ]),
      f.enum(
        'case_type',
        'Case type',
        ['social_services', 'code_enforcement', 'housing', 'benefits_appeal', 'licensing'],
        {
          required: true,
        },
      ),
      commonField.person('caseworker', 'Caseworker'),
      f.date('opened_on', 'Opened on', { required: true, sample: { daysFromToday: [-120, 0] } }),
      commonField.priority(),
      commonField.status(['open', 'investigating', 'pending_decision', 'closed']),
      f.longText('summary', 'Summary', { searchable: true, sample: 'paragraph' }),
    ],
    titleField: 'title',
    listColumns: ['case_number', 'title', 'case_type', 'caseworker', 'opened_on', 'priority', 'status'],
    defaultSort: { field: 'opened_on', direction: 'desc' },
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'government',
    submoduleId: 'regulatory-compliance',
    entityName: 'Regulatory Inspection',
    fields: [
      commonField.title([
        'Food hygiene inspection',
        'Building safety audit',
        'Emissions check',
        'Alcohol licence review',
      ]),
      commonField.company('regulated_entity', 'Regulated entity', true),
      f.text('regulation', 'Regulation', {
        sample: { oneOf: ['Food Safety Act', 'Building Code §12', 'Clean Air Rules', 'Licensing Act'] },
      }),
      f.date('inspection_date', 'Inspection date', { required: true, sample: { daysFromToday: [-60, 30] } }),
      commonField.person('inspector', 'Inspector'),
      f.enum('finding', 'Finding', ['compliant', 'minor_violation', 'major_violation']),
      f.money('fine_amount', 'Fine', { sample: { between: [0, 15_000] } }),
      commonField.status(['scheduled', 'completed', 'follow_up_required', 'closed']),
    ],
    titleField: 'title',
    listColumns: ['title', 'regulated_entity', 'inspection_date', 'inspector', 'finding', 'status'],
    defaultSort: { field: 'inspection_date', direction: 'desc' },
    calendarField: 'inspection_date',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'government',
    submoduleId: 'grant-management',
    entityName: 'Grant',
    fields: [
      commonField.title([
        'Community garden',
        'Youth coding club',
        'Flood defence study',
        'Library digitisation',
      ]),
      commonField.company('applicant', 'Applicant', true),
      f.enum('program', 'Program', ['community', 'education', 'infrastructure', 'arts', 'environment'], {
        required: true,
      }),
      f.money('amount_requested', 'Amount requested', {
        required: true,
        sample: { between: [2_000, 250_000] },
      }),
      f.money('amount_awarded', 'Amount awarded', { sample: { between: [0, 150_000] } }),
      f.date('submitted_on', 'Submitted on', { sample: { daysFromToday: [-150, 0] } }),
      f.date('decision_due', 'Decision due', { sample: { daysFromToday: [-20, 60] } }),
      commonField.status(['draft', 'submitted', 'under_review', 'awarded', 'declined', 'closed']),
    ],
    titleField: 'title',
    listColumns: ['title', 'applicant', 'program', 'amount_requested', 'amount_awarded', 'status'],
    defaultSort: { field: 'submitted_on', direction: 'desc' },
    sortableFields: [
      'title',
      'applicant',
      'program',
      'amount_requested',
      'amount_awarded',
      'status',
      'submitted_on',
      'decision_due',
    ],
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'government',
    submoduleId: 'public-safety',
    entityName: 'Incident',
    fields: [
      commonField.identifier('incident_number', 'Incident number', 'INC-'),
      commonField.title([
        'Kitchen fire',
        'Road collision',
        'Fallen tree',
        'Gas leak report',
        'Missing person',
      ]),
      f.enum(
        'category',
        'Category',
        ['fire', 'medical', 'traffic', 'crime', 'hazard', 'public_disturbance'],
        {
          required: true,
        },
      ),
      f.text('location', 'Location', { searchable: true, sample: 'address' }),
      f.dateTime('reported_at', 'Reported at', { required: true, sample: { daysFromToday: [-30, 0] } }),
      f.enum('severity', 'Severity', ['low', 'medium', 'high', 'critical'], { required: true }),
      f.text('responding_unit', 'Responding unit', {
        sample: { oneOf: ['Engine 4', 'Ambulance 12', 'Patrol 7', 'Rescue 2'] },
      }),
      commonField.status(['reported', 'dispatched', 'on_scene', 'resolved', 'closed']),
    ],
    titleField: 'title',
    listColumns: ['incident_number', 'title', 'category', 'reported_at', 'severity', 'status'],
    defaultSort: { field: 'reported_at', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
];

export const GOVERNMENT_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'government',
    submoduleId: 'overview',
    title: 'Government overview',
    description: 'Requests and cases in progress, incidents, inspections and grant funding.',
    sources: [
      'citizen-services',
      'case-management',
      'regulatory-compliance',
      'grant-management',
      'public-safety',
    ],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Open service requests',
        source: 'citizen-services',
        field: 'status',
        values: ['received', 'in_review'],
      },
      {
        kind: 'countWhere',
        label: 'Open cases',
        source: 'case-management',
        field: 'status',
        values: ['open', 'investigating', 'pending_decision'],
      },
      {
        kind: 'countWhere',
        label: 'Critical incidents',
        source: 'public-safety',
        field: 'severity',
        values: ['critical'],
      },
      {
        kind: 'sum',
        label: 'Grants awarded',
        source: 'grant-management',
        field: 'amount_awarded',
        where: { field: 'status', values: ['awarded', 'closed'] },
      },
      {
        kind: 'nextDate',
        label: 'Next inspection',
        source: 'regulatory-compliance',
        field: 'inspection_date',
      },
    ],
    charts: [
      { kind: 'countBy', title: 'Requests by service', source: 'citizen-services', field: 'service_type' },
      {
        kind: 'countByMonth',
        title: 'Requests per month',
        source: 'citizen-services',
        field: 'submitted_on',
      },
      { kind: 'countBy', title: 'Incidents by category', source: 'public-safety', field: 'category' },
      {
        kind: 'sumBy',
        title: 'Funding requested by program',
        source: 'grant-management',
        groupField: 'program',
        valueField: 'amount_requested',
      },
    ],
  },
];
