/** Healthcare (docs/product/modules.md#modules-and-submodules: overview, patients, appointments, telemedicine, pharmacy, compliance, insurance, engagement). */

import { recordField as f } from '../field-builders';
import { formula } from '../formulas';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const INSURERS = ['BlueShield', 'Medicare', 'Aetna', 'UnitedHealthcare', 'Cigna', 'Self-pay'];
const MEDICATIONS = [
  'Amoxicillin 500 mg',
  'Atorvastatin 20 mg',
  'Metformin 850 mg',
  'Lisinopril 10 mg',
  'Salbutamol inhaler',
  'Omeprazole 20 mg',
  'Sertraline 50 mg',
];

export const HEALTHCARE_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'patients',
    entityName: 'Patient',
    fields: [
      commonField.person('full_name', 'Full name', true),
      f.text('medical_record_number', 'Medical record number', {
        searchable: true,
        sample: { sequence: 'MRN-' },
      }),
      f.date('date_of_birth', 'Date of birth', {
        required: true,
        sample: { daysFromToday: [-32_000, -400] },
      }),
      f.number('age', 'Age', { integer: true, derived: formula.ageFrom('date_of_birth') }),
      f.phone('phone', 'Phone'),
      commonField.personalEmail(),
      f.text('insurance_provider', 'Insurance provider', { sample: { oneOf: INSURERS } }),
      f.reference('primary_physician', 'Primary physician', 'healthcare/physicians', 'full_name'),
      commonField.status(['active', 'inactive', 'discharged']),
    ],
    titleField: 'full_name',
    listColumns: [
      'full_name',
      'date_of_birth',
      'age',
      'phone',
      'insurance_provider',
      'primary_physician',
      'status',
    ],
    rules: [
      { kind: 'unique', fields: ['medical_record_number'] },
      {
        kind: 'check',
        fields: ['date_of_birth'],
        message: 'Date of birth cannot be in the future',
        holds: (values, { today }) =>
          typeof values.date_of_birth !== 'string' || values.date_of_birth <= today,
      },
    ],
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'physicians',
    entityName: 'Physician',
    description: 'The doctors appointments, virtual visits and prescriptions name.',
    fields: [
      f.text('full_name', 'Full name', {
        required: true,
        searchable: true,
        maxLength: 120,
        sample: 'physicianName',
      }),
      f.enum(
        'specialty',
        'Specialty',
        [
          'general_practice',
          'internal_medicine',
          'cardiology',
          'paediatrics',
          'dermatology',
          'orthopaedics',
          'psychiatry',
        ],
        { required: true },
      ),
      f.text('license_number', 'License number', { searchable: true, sample: { sequence: 'LIC-' } }),
      f.email('email', 'Email', { searchable: true, sample: 'workEmail' }),
      f.phone('phone', 'Phone'),
      commonField.status(['active', 'on_leave', 'inactive']),
    ],
    titleField: 'full_name',
    rules: [{ kind: 'unique', fields: ['license_number'] }],
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'appointments',
    entityName: 'Appointment',
    fields: [
      commonField.requiredSearchableText('reason', 'Reason for visit', [
        'Annual check-up',
        'Blood pressure review',
        'Flu vaccination',
        'Knee pain',
        'Lab results',
      ]),
      f.reference('patient', 'Patient', 'healthcare/patients', 'full_name', { required: true }),
      f.reference('physician', 'Physician', 'healthcare/physicians', 'full_name', { required: true }),
      f.dateTime('start_time', 'Start', { required: true, sample: { daysFromToday: [-14, 21] } }),
      f.dateTime('end_time', 'End', { required: true, sample: { minutesAfterStart: [15, 60] } }),
      f.enum('type', 'Type', ['check_up', 'consultation', 'follow_up', 'procedure', 'vaccination'], {
        required: true,
      }),
      f.enum(
        'status',
        'Status',
        ['scheduled', 'confirmed', 'checked_in', 'completed', 'cancelled', 'no_show'],
        {
          required: true,
        },
      ),
    ],
    titleField: 'reason',
    listColumns: ['start_time', 'patient', 'physician', 'type', 'status', 'reason'],
    defaultSort: { field: 'start_time', direction: 'asc' },
    rules: [
      { kind: 'compare', field: 'end_time', operator: 'gt', other: 'start_time' },
      // A physician sees one patient at a time; cancelled and missed slots are free again.
      {
        kind: 'noOverlap',
        field: 'physician',
        start: 'start_time',
        end: 'end_time',
        except: { field: 'status', values: ['cancelled', 'no_show'] },
      },
    ],
    calendarField: 'start_time',
    calendarEndField: 'end_time',
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'telemedicine',
    entityName: 'Virtual Visit',
    fields: [
      commonField.requiredSearchableText('topic', 'Topic', [
        'Medication review',
        'Post-operative check',
        'Skin rash',
        'Mental health follow-up',
      ]),
      f.reference('patient', 'Patient', 'healthcare/patients', 'full_name', { required: true }),
      f.reference('clinician', 'Clinician', 'healthcare/physicians', 'full_name', { required: true }),
      f.dateTime('scheduled_at', 'Scheduled for', { required: true, sample: { daysFromToday: [-10, 14] } }),
      f.number('duration_minutes', 'Duration (minutes)', {
        min: 5,
        max: 240,
        integer: true,
        sample: { between: [10, 45] },
      }),
      f.enum('platform', 'Platform', ['video', 'phone', 'chat'], { required: true }),
      f.url('meeting_link', 'Meeting link'),
      commonField.status(['scheduled', 'in_progress', 'completed', 'cancelled']),
    ],
    titleField: 'topic',
    listColumns: ['scheduled_at', 'patient', 'clinician', 'platform', 'status', 'topic'],
    defaultSort: { field: 'scheduled_at', direction: 'asc' },
    calendarField: 'scheduled_at',
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'pharmacy',
    entityName: 'Prescription',
    fields: [
      commonField.requiredSearchableText('medication', 'Medication', MEDICATIONS),
      f.reference('patient', 'Patient', 'healthcare/patients', 'full_name', { required: true }),
      f.text('dosage', 'Dosage', {
        sample: { oneOf: ['1 tablet daily', '1 tablet twice daily', '2 puffs as needed'] },
      }),
      f.number('quantity', 'Quantity', { min: 1, max: 1_000, integer: true, sample: { between: [7, 90] } }),
      f.number('refills', 'Refills', { min: 0, max: 12, integer: true, sample: { between: [0, 3] } }),
      f.reference('prescribed_by', 'Prescribed by', 'healthcare/physicians', 'full_name'),
      f.date('prescribed_on', 'Prescribed on', { required: true, sample: { daysFromToday: [-60, 0] } }),
      commonField.status(['pending', 'filled', 'picked_up', 'cancelled']),
    ],
    titleField: 'medication',
    listColumns: ['medication', 'patient', 'dosage', 'prescribed_by', 'prescribed_on', 'status'],
    defaultSort: { field: 'prescribed_on', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'compliance',
    entityName: 'Compliance Requirement',
    fields: [
      commonField.requiredSearchableText('requirement', 'Requirement', [
        'Annual HIPAA training',
        'Fire safety inspection',
        'Sharps disposal audit',
        'Lab certification renewal',
      ]),
      f.enum(
        'regulation',
        'Regulation',
        [['hipaa', 'HIPAA'], ['osha', 'OSHA'], ['clia', 'CLIA'], ['cms', 'CMS'], 'state_licensing'],
        {
          required: true,
        },
      ),
      commonField.person('owner', 'Owner'),
      f.date('due_date', 'Due date', { sample: { daysFromToday: [-20, 120] } }),
      f.date('last_audit_date', 'Last audit', { sample: { daysFromToday: [-365, -10] } }),
      commonField.status(['compliant', 'in_review', 'at_risk', 'non_compliant']),
      commonField.notes(),
    ],
    titleField: 'requirement',
    defaultSort: { field: 'due_date', direction: 'asc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'insurance',
    entityName: 'Insurance Claim',
    fields: [
      commonField.identifier('claim_number', 'Claim number', 'CLM-'),
      f.reference('patient', 'Patient', 'healthcare/patients', 'full_name', { required: true }),
      commonField.requiredSearchableText('payer', 'Payer', INSURERS.slice(0, 5)),
      f.date('service_date', 'Service date', { required: true, sample: { daysFromToday: [-90, -1] } }),
      f.money('amount_billed', 'Amount billed', { required: true, sample: { between: [80, 6_000] } }),
      f.money('amount_paid', 'Amount paid', { sample: { between: [0, 4_000] } }),
      commonField.status(['submitted', 'in_review', 'approved', 'denied', 'paid']),
    ],
    titleField: 'claim_number',
    rules: [
      { kind: 'compare', field: 'amount_paid', operator: 'lte', other: 'amount_billed' },
      {
        kind: 'check',
        fields: ['amount_paid', 'status'],
        message: 'Only a paid claim has an amount paid, and a paid claim must have one',
        holds: (values) =>
          values.status === 'paid'
            ? typeof values.amount_paid === 'number' && values.amount_paid > 0
            : values.amount_paid === null || values.amount_paid === 0,
        fix: (values) => ({
          ...values,
          amount_paid:
            values.status === 'paid' && typeof values.amount_billed === 'number'
              ? Math.round(values.amount_billed * 80) / 100
              : null,
        }),
      },
      { kind: 'unique', fields: ['claim_number'] },
    ],
    defaultSort: { field: 'service_date', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'healthcare',
    submoduleId: 'engagement',
    entityName: 'Outreach Message',
    description: 'Reminders, follow-ups and surveys sent to patients.',
    fields: [
      commonField.requiredSearchableText('subject', 'Subject', [
        'Appointment reminder',
        'How was your visit?',
        'Time for your flu shot',
        'Lab results ready',
      ]),
      f.reference('patient', 'Patient', 'healthcare/patients', 'full_name'),
      f.enum('channel', 'Channel', [['sms', 'SMS'], 'email', 'phone', 'portal'], { required: true }),
      f.enum('purpose', 'Purpose', ['appointment_reminder', 'follow_up', 'survey', 'health_tip', 'recall'], {
        required: true,
      }),
      f.dateTime('scheduled_at', 'Scheduled for', { sample: { daysFromToday: [-20, 10] } }),
      commonField.status(['scheduled', 'sent', 'responded', 'failed']),
    ],
    titleField: 'subject',
    defaultSort: { field: 'scheduled_at', direction: 'desc' },
    defaultView: 'table',
    boardField: 'status',
  }),
];

export const HEALTHCARE_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'healthcare',
    submoduleId: 'overview',
    title: 'Healthcare overview',
    description: 'Patients, the day’s schedule, prescriptions and claims at a glance.',
    sources: ['patients', 'appointments', 'telemedicine', 'pharmacy', 'insurance', 'compliance'],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Active patients',
        source: 'patients',
        field: 'status',
        values: ['active'],
      },
      { kind: 'nextDate', label: 'Next appointment', source: 'appointments', field: 'start_time' },
      {
        kind: 'countWhere',
        label: 'Prescriptions to fill',
        source: 'pharmacy',
        field: 'status',
        values: ['pending'],
      },
      {
        kind: 'sum',
        label: 'Claims awaiting payment',
        source: 'insurance',
        field: 'amount_billed',
        where: { field: 'status', values: ['submitted', 'in_review', 'approved'] },
      },
      {
        kind: 'countWhere',
        label: 'Compliance items at risk',
        source: 'compliance',
        field: 'status',
        values: ['at_risk', 'non_compliant'],
      },
    ],
    charts: [
      { kind: 'countBy', title: 'Appointments by status', source: 'appointments', field: 'status' },
      { kind: 'countByMonth', title: 'Appointments per month', source: 'appointments', field: 'start_time' },
      {
        kind: 'sumBy',
        title: 'Claims by status',
        source: 'insurance',
        groupField: 'status',
        valueField: 'amount_billed',
      },
      { kind: 'countBy', title: 'Virtual visits by platform', source: 'telemedicine', field: 'platform' },
    ],
  },
];
