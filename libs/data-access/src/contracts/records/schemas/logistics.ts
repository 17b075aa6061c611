/**
 * Logistics (docs/product/modules.md#modules-and-submodules: overview, route-optimization, fleet-management, warehouse-operations,
 * last-mile-delivery, customs-compliance).
 */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const WAREHOUSES = ['Central DC', 'North Hub', 'Port Warehouse', 'Cross-dock East'];

/** What each type of vehicle can carry, in kg: a 714 kg motorbike or a 600 kg truck is a typo. */
export const CAPACITY_BY_TYPE: Readonly<Record<string, readonly [number, number]>> = {
  motorbike: [0, 250],
  car: [100, 800],
  van: [500, 4_500],
  truck: [3_500, 44_000],
  trailer: [5_000, 60_000],
};

/** The type of the seeded models, so demo fleets never show a Volvo FH16 motorbike. */
const MODEL_TYPES: Readonly<Record<string, string>> = {
  'Ford Transit': 'van',
  'Mercedes Sprinter': 'van',
  'Volvo FH16': 'truck',
  'Scania R450': 'truck',
  'Iveco Daily': 'van',
  'Renault Master': 'van',
};

export const LOGISTICS_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'logistics',
    submoduleId: 'route-optimization',
    entityName: 'Route',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Downtown loop',
        'Northern suburbs',
        'Airport run',
        'Industrial park',
        'Coastal route',
      ]),
      f.text('origin', 'Origin', { required: true, sample: 'city' }),
      f.text('destination', 'Destination', { required: true, sample: 'city' }),
      f.number('distance_km', 'Distance (km)', { min: 0, max: 20_000, sample: { between: [12, 900] } }),
      f.number('stops', 'Stops', { min: 0, max: 500, integer: true, sample: { between: [1, 40] } }),
      f.dateTime('planned_departure', 'Planned departure', {
        required: true,
        sample: { daysFromToday: [-7, 14] },
      }),
      f.dateTime('estimated_arrival', 'Estimated arrival', { sample: { minutesAfterStart: [60, 600] } }),
      commonField.person('driver', 'Driver'),
      commonField.status(['planned', 'optimised', 'in_progress', 'completed']),
    ],
    titleField: 'name',
    listColumns: ['name', 'origin', 'destination', 'stops', 'planned_departure', 'driver', 'status'],
    defaultSort: { field: 'planned_departure', direction: 'asc' },
    defaultView: 'table',
    timelineStartField: 'planned_departure',
    timelineEndField: 'estimated_arrival',
  }),
  defineRecordSchema({
    moduleId: 'logistics',
    submoduleId: 'fleet-management',
    entityName: 'Vehicle',
    fields: [
      commonField.requiredSearchableText('name', 'Vehicle', [
        'Ford Transit',
        'Mercedes Sprinter',
        'Volvo FH16',
        'Scania R450',
        'Iveco Daily',
        'Renault Master',
      ]),
      f.text('plate', 'Plate', { required: true, searchable: true, maxLength: 16, sample: 'plate' }),
      f.enum('type', 'Type', ['van', 'truck', 'trailer', 'car', 'motorbike'], { required: true }),
      f.number('capacity_kg', 'Capacity (kg)', {
        min: 0,
        max: 60_000,
        integer: true,
        sample: { between: [600, 26_000] },
      }),
      f.number('odometer_km', 'Odometer (km)', {
        min: 0,
        integer: true,
        sample: { between: [4_000, 380_000] },
      }),
      f.date('next_service_date', 'Next service', { sample: { daysFromToday: [-10, 120] } }),
      commonField.status(['available', 'in_use', 'maintenance', 'out_of_service']),
    ],
    titleField: 'name',
    rules: [
      { kind: 'unique', fields: ['plate'] },
      {
        kind: 'check',
        fields: ['capacity_kg', 'type'],
        message: `Capacity must suit the vehicle type (${Object.entries(CAPACITY_BY_TYPE)
          .map(([type, [low, high]]) => `${type} ${low.toLocaleString('en')}–${high.toLocaleString('en')} kg`)
          .join(', ')})`,
        holds: (values) => {
          const range = CAPACITY_BY_TYPE[String(values.type)];
          const capacity = values.capacity_kg;
          return !range || typeof capacity !== 'number' || (capacity >= range[0] && capacity <= range[1]);
        },
        fix: (values) => {
          const type = MODEL_TYPES[String(values.name)] ?? String(values.type);
          const [low, high] = CAPACITY_BY_TYPE[type] ?? [0, 0];
          const capacity = typeof values.capacity_kg === 'number' ? values.capacity_kg : low;
          return { ...values, type, capacity_kg: Math.min(Math.max(capacity, low), high) };
        },
      },
    ],
    listColumns: ['name', 'plate', 'type', 'capacity_kg', 'next_service_date', 'status'],
    defaultSort: { field: 'next_service_date', direction: 'asc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'logistics',
    submoduleId: 'warehouse-operations',
    entityName: 'Warehouse Task',
    fields: [
      commonField.identifier('reference', 'Reference', 'WH-'),
      f.enum(
        'task_type',
        'Task type',
        ['receiving', 'put_away', 'picking', 'packing', 'shipping', 'cycle_count'],
        {
          required: true,
        },
      ),
      f.text('warehouse', 'Warehouse', { required: true, sample: { oneOf: WAREHOUSES } }),
      f.text('sku', 'SKU', { searchable: true, sample: 'sku' }),
      f.number('quantity', 'Quantity', { min: 0, integer: true, sample: { between: [1, 600] } }),
      commonField.person('assigned_to', 'Assigned to'),
      f.dateTime('due_at', 'Due', { sample: { daysFromToday: [-2, 5] } }),
      commonField.status(['queued', 'in_progress', 'done', 'on_hold']),
    ],
    titleField: 'reference',
    listColumns: ['reference', 'task_type', 'warehouse', 'sku', 'quantity', 'assigned_to', 'status'],
    defaultSort: { field: 'due_at', direction: 'asc' },
    sortableFields: ['reference', 'task_type', 'warehouse', 'sku', 'quantity', 'due_at', 'status'],
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'logistics',
    submoduleId: 'last-mile-delivery',
    entityName: 'Delivery',
    entityNamePlural: 'Deliveries',
    fields: [
      commonField.identifier('tracking_number', 'Tracking number', 'TRK-'),
      commonField.person('recipient', 'Recipient', true),
      f.text('address', 'Address', { required: true, searchable: true, sample: 'address' }),
      f.reference('vehicle', 'Vehicle', 'logistics/fleet-management', 'name'),
      commonField.person('driver', 'Driver'),
      f.date('scheduled_date', 'Scheduled date', { required: true, sample: { daysFromToday: [-5, 7] } }),
      f.enum('time_window', 'Time window', ['morning', 'afternoon', 'evening']),
      f.money('cash_on_delivery', 'Cash on delivery', { sample: { between: [0, 300] } }),
      commonField.status(['scheduled', 'out_for_delivery', 'delivered', 'failed', 'returned']),
    ],
    titleField: 'tracking_number',
    listColumns: ['tracking_number', 'recipient', 'address', 'scheduled_date', 'time_window', 'status'],
    defaultSort: { field: 'scheduled_date', direction: 'asc' },
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'logistics',
    submoduleId: 'customs-compliance',
    entityName: 'Customs Declaration',
    fields: [
      commonField.identifier('declaration_number', 'Declaration number', 'CD-'),
      f.text('shipment_reference', 'Shipment reference', { searchable: true, sample: { sequence: 'SHP-' } }),
      f.text('origin_country', 'Origin country', { required: true, sample: 'country' }),
      f.text('destination_country', 'Destination country', { required: true, sample: 'country' }),
      f.text('hs_code', 'HS code', {
        maxLength: 12,
        helpText: 'Harmonized System tariff code of the main goods.',
        sample: { oneOf: ['8471.30', '6109.10', '0901.21', '8517.62', '9403.60'] },
      }),
      f.money('declared_value', 'Declared value', { required: true, sample: { between: [500, 120_000] } }),
      f.money('duties', 'Duties', { sample: { between: [0, 9_000] } }),
      f.date('filed_on', 'Filed on', { sample: { daysFromToday: [-45, 0] } }),
      commonField.status(['draft', 'submitted', 'cleared', 'held', 'rejected']),
    ],
    titleField: 'declaration_number',
    listColumns: [
      'declaration_number',
      'origin_country',
      'destination_country',
      'declared_value',
      'filed_on',
      'status',
    ],
    defaultSort: { field: 'filed_on', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
];

export const LOGISTICS_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'logistics',
    submoduleId: 'overview',
    title: 'Logistics overview',
    description: 'Fleet availability, deliveries on the road, warehouse workload and customs holds.',
    sources: [
      'fleet-management',
      'last-mile-delivery',
      'warehouse-operations',
      'route-optimization',
      'customs-compliance',
    ],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Vehicles available',
        source: 'fleet-management',
        field: 'status',
        values: ['available'],
      },
      {
        kind: 'nextDate',
        label: 'Next vehicle service',
        source: 'fleet-management',
        field: 'next_service_date',
      },
      {
        kind: 'countWhere',
        label: 'Out for delivery',
        source: 'last-mile-delivery',
        field: 'status',
        values: ['out_for_delivery'],
      },
      {
        kind: 'countWhere',
        label: 'Open warehouse tasks',
        source: 'warehouse-operations',
        field: 'status',
        values: ['queued', 'in_progress'],
      },
      {
        kind: 'countWhere',
        label: 'Declarations held',
        source: 'customs-compliance',
        field: 'status',
        values: ['held'],
      },
    ],
    charts: [
      { kind: 'countBy', title: 'Deliveries by status', source: 'last-mile-delivery', field: 'status' },
      {
        kind: 'countByMonth',
        title: 'Deliveries per month',
        source: 'last-mile-delivery',
        field: 'scheduled_date',
      },
      { kind: 'countBy', title: 'Fleet by status', source: 'fleet-management', field: 'status' },
      {
        kind: 'sumBy',
        title: 'Declared value by status',
        source: 'customs-compliance',
        groupField: 'status',
        valueField: 'declared_value',
      },
    ],
  },
];
