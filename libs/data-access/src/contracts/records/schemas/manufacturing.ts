/**
 * Manufacturing (docs/product/modules.md#modules-and-submodules: overview, production-planning, quality-control, equipment-maintenance,
 * supply-chain, product-lifecycle).
 */

import { recordField as f } from '../field-builders';
import { formula } from '../formulas';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const PRODUCTS = [
  'Gearbox housing',
  'Hydraulic pump',
  'Control panel',
  'Steel bracket',
  'Valve assembly',
  'Motor mount',
];
const EQUIPMENT = [
  'CNC mill #2',
  'Injection moulder A',
  'Conveyor line 1',
  'Paint booth',
  'Air compressor',
  'Laser cutter',
];

/** The acceptable quality level: a sample with more defects than this (in %) cannot pass. */
export const PASS_DEFECT_RATE = 2.5;

export const MANUFACTURING_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'manufacturing',
    submoduleId: 'production-planning',
    entityName: 'Production Order',
    fields: [
      commonField.identifier('order_number', 'Order number', 'MO-'),
      f.reference('product', 'Product', 'manufacturing/product-lifecycle', 'name', { required: true }),
      f.number('quantity', 'Quantity', {
        required: true,
        min: 1,
        integer: true,
        sample: { between: [50, 5_000] },
      }),
      f.enum('production_line', 'Line', [
        ['line_1', 'Line 1'],
        ['line_2', 'Line 2'],
        ['line_3', 'Line 3'],
      ]),
      f.date('planned_start', 'Planned start', { required: true, sample: { daysFromToday: [-20, 40] } }),
      f.date('planned_end', 'Planned end', { required: true, sample: { daysAfterStart: [1, 14] } }),
      commonField.priority(),
      commonField.status(['planned', 'released', 'in_progress', 'completed', 'on_hold']),
    ],
    titleField: 'order_number',
    listColumns: [
      'order_number',
      'product',
      'quantity',
      'production_line',
      'planned_start',
      'planned_end',
      'status',
    ],
    defaultSort: { field: 'planned_start', direction: 'asc' },
    boardField: 'status',
    timelineStartField: 'planned_start',
    timelineEndField: 'planned_end',
  }),
  defineRecordSchema({
    moduleId: 'manufacturing',
    submoduleId: 'quality-control',
    entityName: 'Inspection',
    fields: [
      commonField.identifier('inspection_number', 'Inspection number', 'QC-'),
      f.reference('product', 'Product', 'manufacturing/product-lifecycle', 'name', { required: true }),
      f.text('batch_number', 'Batch number', { searchable: true, sample: 'sku' }),
      f.date('inspected_on', 'Inspected on', { required: true, sample: { daysFromToday: [-60, 0] } }),
      commonField.person('inspector', 'Inspector'),
      f.number('sample_size', 'Sample size', {
        required: true,
        min: 1,
        integer: true,
        sample: { between: [10, 200] },
      }),
      f.number('defects_found', 'Defects found', {
        required: true,
        min: 0,
        integer: true,
        sample: { between: [0, 8] },
      }),
      f.enum('result', 'Result', ['pass', 'fail', 'conditional'], { required: true }),
      f.number('defect_rate', 'Defect rate (%)', {
        derived: formula.percentOf('defects_found', 'sample_size'),
      }),
    ],
    titleField: 'inspection_number',
    defaultSort: { field: 'inspected_on', direction: 'desc' },
    listColumns: [
      'inspection_number',
      'product',
      'batch_number',
      'inspected_on',
      'defects_found',
      'defect_rate',
      'result',
    ],
    rules: [
      { kind: 'compare', field: 'defects_found', operator: 'lte', other: 'sample_size' },
      {
        kind: 'check',
        fields: ['result', 'defect_rate'],
        message: `A passed inspection allows a defect rate of at most ${PASS_DEFECT_RATE}%`,
        holds: (values) =>
          values.result !== 'pass' ||
          typeof values.defect_rate !== 'number' ||
          values.defect_rate <= PASS_DEFECT_RATE,
        fix: (values) => ({ ...values, result: 'conditional' }),
      },
      {
        kind: 'check',
        fields: ['result', 'defects_found'],
        message: 'A failed inspection must record at least one defect',
        holds: (values) => values.result !== 'fail' || values.defects_found !== 0,
        fix: (values) => ({ ...values, result: 'pass' }),
      },
    ],
    boardField: 'result',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'manufacturing',
    submoduleId: 'equipment-maintenance',
    entityName: 'Maintenance Order',
    fields: [
      commonField.title([
        'Replace spindle bearings',
        'Quarterly lubrication',
        'Belt tension check',
        'Filter change',
      ]),
      commonField.requiredSearchableText('equipment', 'Equipment', EQUIPMENT),
      f.enum('maintenance_type', 'Type', ['preventive', 'corrective', 'predictive', 'inspection'], {
        required: true,
      }),
      f.date('scheduled_date', 'Scheduled date', { required: true, sample: { daysFromToday: [-15, 45] } }),
      commonField.person('technician', 'Technician'),
      f.number('downtime_hours', 'Downtime (hours)', { min: 0, max: 720, sample: { between: [0, 16] } }),
      f.money('cost', 'Cost', { sample: { between: [80, 9_500] } }),
      commonField.status(['scheduled', 'in_progress', 'completed', 'overdue']),
    ],
    titleField: 'title',
    listColumns: ['title', 'equipment', 'maintenance_type', 'scheduled_date', 'technician', 'status'],
    defaultSort: { field: 'scheduled_date', direction: 'asc' },
    calendarField: 'scheduled_date',
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'manufacturing',
    submoduleId: 'supply-chain',
    entityName: 'Purchase Order',
    fields: [
      commonField.identifier('po_number', 'PO number', 'PO-'),
      commonField.company('supplier', 'Supplier', true),
      commonField.requiredSearchableText('material', 'Material', [
        'Cold-rolled steel',
        'ABS pellets',
        'Copper wire',
        'M8 bolts',
        'Hydraulic seals',
      ]),
      f.number('quantity', 'Quantity', {
        required: true,
        min: 1,
        integer: true,
        sample: { between: [100, 20_000] },
      }),
      f.money('unit_cost', 'Unit cost', { sample: { between: [0.05, 45] } }),
      f.date('order_date', 'Order date', { required: true, sample: { daysFromToday: [-60, 0] } }),
      f.date('expected_delivery', 'Expected delivery', { sample: { daysFromToday: [-10, 45] } }),
      commonField.status(['ordered', 'in_transit', 'received', 'delayed', 'cancelled']),
    ],
    titleField: 'po_number',
    listColumns: ['po_number', 'supplier', 'material', 'quantity', 'expected_delivery', 'status'],
    defaultSort: { field: 'order_date', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'manufacturing',
    submoduleId: 'product-lifecycle',
    entityName: 'Product',
    fields: [
      commonField.requiredSearchableText('name', 'Name', PRODUCTS),
      f.text('product_code', 'Product code', { searchable: true, sample: 'sku' }),
      f.enum('stage', 'Stage', ['concept', 'design', 'prototype', 'testing', 'production', 'end_of_life'], {
        required: true,
      }),
      f.text('version', 'Version', { sample: { oneOf: ['1.0', '1.1', '2.0', '2.3', '3.0-beta'] } }),
      commonField.person('owner', 'Product owner'),
      f.date('launch_date', 'Launch date', { sample: { daysFromToday: [-400, 200] } }),
      f.money('target_cost', 'Target unit cost', { sample: { between: [2, 900] } }),
    ],
    titleField: 'name',
    boardField: 'stage',
    rules: [{ kind: 'unique', fields: ['product_code'] }],
  }),
];

export const MANUFACTURING_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'manufacturing',
    submoduleId: 'overview',
    title: 'Manufacturing overview',
    description: 'Production in progress, quality results, maintenance due and inbound supply.',
    sources: [
      'production-planning',
      'quality-control',
      'equipment-maintenance',
      'supply-chain',
      'product-lifecycle',
    ],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Orders in production',
        source: 'production-planning',
        field: 'status',
        values: ['in_progress'],
      },
      {
        kind: 'countWhere',
        label: 'Failed inspections',
        source: 'quality-control',
        field: 'result',
        values: ['fail'],
      },
      {
        kind: 'nextDate',
        label: 'Next maintenance',
        source: 'equipment-maintenance',
        field: 'scheduled_date',
      },
      { kind: 'sum', label: 'Maintenance spend', source: 'equipment-maintenance', field: 'cost' },
      {
        kind: 'countWhere',
        label: 'Delayed purchase orders',
        source: 'supply-chain',
        field: 'status',
        values: ['delayed'],
      },
    ],
    charts: [
      {
        kind: 'countBy',
        title: 'Production orders by status',
        source: 'production-planning',
        field: 'status',
      },
      { kind: 'countBy', title: 'Inspection results', source: 'quality-control', field: 'result' },
      {
        kind: 'countByMonth',
        title: 'Inspections per month',
        source: 'quality-control',
        field: 'inspected_on',
      },
      { kind: 'countBy', title: 'Products by stage', source: 'product-lifecycle', field: 'stage' },
    ],
  },
];
