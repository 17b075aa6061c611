/**
 * Real Estate (docs/product/modules.md#modules-and-submodules: overview only). The overview needs listings to summarise, so the module
 * keeps a `properties` collection that is not a sidebar submodule: the overview embeds its table.
 */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

export const REAL_ESTATE_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'real-estate',
    submoduleId: 'properties',
    entityName: 'Property',
    entityNamePlural: 'Properties',
    fields: [
      f.text('address', 'Address', { required: true, searchable: true, sample: 'address' }),
      f.enum(
        'property_type',
        'Property type',
        ['house', 'apartment', 'condo', 'townhouse', 'commercial', 'land'],
        {
          required: true,
        },
      ),
      f.enum(
        'listing_type',
        'Listing type',
        [
          ['sale', 'For sale'],
          ['rent', 'For rent'],
        ],
        { required: true },
      ),
      f.money('price', 'Price', { required: true, sample: { between: [900, 1_500_000] } }),
      f.number('bedrooms', 'Bedrooms', { min: 0, max: 50, integer: true, sample: { between: [0, 6] } }),
      f.number('area_sq_m', 'Area (m²)', { min: 0, sample: { between: [35, 450] } }),
      commonField.status(['available', 'under_offer', 'sold', 'rented', 'off_market']),
      f.date('listed_on', 'Listed on', { sample: { daysFromToday: [-240, 0] } }),
      commonField.person('agent', 'Agent'),
    ],
    titleField: 'address',
    listColumns: ['address', 'property_type', 'listing_type', 'price', 'bedrooms', 'status', 'agent'],
    defaultSort: { field: 'listed_on', direction: 'desc' },
    sortableFields: [
      'address',
      'property_type',
      'listing_type',
      'price',
      'bedrooms',
      'status',
      'listed_on',
      'area_sq_m',
    ],
    boardField: 'status',
    defaultView: 'table',
  }),
];

export const REAL_ESTATE_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'real-estate',
    submoduleId: 'overview',
    title: 'Real estate overview',
    description: 'Property listings, their status and their value at a glance.',
    sources: ['properties'],
    embeddedCollections: ['properties'],
    kpis: [
      { kind: 'count', label: 'Properties', source: 'properties' },
      {
        kind: 'countWhere',
        label: 'Available',
        source: 'properties',
        field: 'status',
        values: ['available'],
      },
      {
        kind: 'countWhere',
        label: 'Under offer',
        source: 'properties',
        field: 'status',
        values: ['under_offer'],
      },
      {
        kind: 'sum',
        label: 'Value listed for sale',
        source: 'properties',
        field: 'price',
        where: { field: 'listing_type', values: ['sale'] },
      },
    ],
    charts: [
      { kind: 'countBy', title: 'Properties by status', source: 'properties', field: 'status' },
      { kind: 'countBy', title: 'Properties by type', source: 'properties', field: 'property_type' },
      {
        kind: 'sumBy',
        title: 'Value by type',
        source: 'properties',
        groupField: 'property_type',
        valueField: 'price',
      },
      { kind: 'countByMonth', title: 'New listings per month', source: 'properties', field: 'listed_on' },
    ],
  },
];
