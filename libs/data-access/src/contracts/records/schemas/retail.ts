/** Retail (docs/product/modules.md#modules-and-submodules: overview, inventory, pos, loyalty, suppliers, operations). */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const PRODUCTS = [
  'Organic Coffee Beans 1 kg',
  'Linen Shirt',
  'Stainless Water Bottle',
  'Wireless Earbuds',
  'Ceramic Mug',
  'Running Socks (3-pack)',
  'Scented Candle',
  'Notebook A5',
];
const STORES = ['Downtown', 'Riverside Mall', 'Airport', 'Old Town'];

export const RETAIL_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'retail',
    submoduleId: 'inventory',
    entityName: 'Inventory Item',
    fields: [
      commonField.requiredSearchableText('product_name', 'Product', PRODUCTS),
      f.text('sku', 'SKU', { required: true, searchable: true, sample: 'sku' }),
      f.enum('category', 'Category', ['apparel', 'electronics', 'grocery', 'home', 'beauty', 'stationery'], {
        required: true,
      }),
      f.number('quantity_on_hand', 'On hand', {
        required: true,
        min: 0,
        integer: true,
        sample: { between: [0, 400] },
      }),
      f.number('reorder_level', 'Reorder level', { min: 0, integer: true, sample: { between: [5, 50] } }),
      f.money('unit_cost', 'Unit cost', { sample: { between: [1, 80] } }),
      f.money('retail_price', 'Retail price', { sample: { between: [3, 150] } }),
      commonField.status(['in_stock', 'low_stock', 'out_of_stock', 'discontinued']),
    ],
    titleField: 'product_name',
    listColumns: ['product_name', 'sku', 'category', 'quantity_on_hand', 'retail_price', 'status'],
    rules: [{ kind: 'unique', fields: ['sku'] }],
  }),
  defineRecordSchema({
    moduleId: 'retail',
    submoduleId: 'pos',
    entityName: 'Sale',
    description: 'Point-of-sale transactions rung up at the tills.',
    fields: [
      commonField.identifier('receipt_number', 'Receipt number', 'RCPT-'),
      f.dateTime('sold_at', 'Sold at', { required: true, sample: { daysFromToday: [-30, 0] } }),
      f.text('store', 'Store', { sample: { oneOf: STORES } }),
      commonField.person('cashier', 'Cashier'),
      f.number('items_count', 'Items', { min: 1, integer: true, sample: { between: [1, 12] } }),
      f.money('total', 'Total', { required: true, sample: { between: [4, 420] } }),
      f.enum('payment_method', 'Payment method', ['cash', 'card', 'mobile_wallet', 'gift_card'], {
        required: true,
      }),
      commonField.status(['completed', 'refunded', 'voided']),
    ],
    titleField: 'receipt_number',
    defaultSort: { field: 'sold_at', direction: 'desc' },
    listColumns: ['receipt_number', 'sold_at', 'store', 'cashier', 'total', 'payment_method', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'retail',
    submoduleId: 'loyalty',
    entityName: 'Loyalty Member',
    fields: [
      commonField.person('full_name', 'Full name', true),
      commonField.personalEmail(),
      f.phone('phone', 'Phone'),
      f.enum('tier', 'Tier', ['bronze', 'silver', 'gold', 'platinum'], { required: true }),
      f.number('points', 'Points', { min: 0, integer: true, sample: { between: [0, 12_000] } }),
      f.date('joined_on', 'Joined on', { sample: { daysFromToday: [-1_200, 0] } }),
      commonField.status(['active', 'inactive']),
    ],
    titleField: 'full_name',
    boardField: 'tier',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'retail',
    submoduleId: 'suppliers',
    entityName: 'Supplier',
    fields: [
      commonField.company('name', 'Name', true),
      commonField.person('contact_person', 'Contact person'),
      f.email('email', 'Email', { searchable: true }),
      f.phone('phone', 'Phone'),
      f.enum('category', 'Category', ['apparel', 'electronics', 'grocery', 'home', 'beauty', 'packaging']),
      f.enum('payment_terms', 'Payment terms', [
        ['net_15', 'Net 15'],
        ['net_30', 'Net 30'],
        ['net_60', 'Net 60'],
        'prepaid',
      ]),
      f.number('rating', 'Rating', { min: 1, max: 5, integer: true, sample: { between: [2, 5] } }),
      commonField.status(['active', 'on_hold', 'inactive']),
    ],
    titleField: 'name',
    listColumns: ['name', 'contact_person', 'category', 'payment_terms', 'rating', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'retail',
    submoduleId: 'operations',
    entityName: 'Store Task',
    fields: [
      commonField.title([
        'Weekly stock count',
        'Window display refresh',
        'Fix till printer',
        'Fire drill',
        'Deep clean',
      ]),
      f.text('store', 'Store', { required: true, sample: { oneOf: STORES } }),
      f.enum(
        'category',
        'Category',
        ['opening', 'closing', 'cleaning', 'merchandising', 'maintenance', 'safety', 'stock_count'],
        {
          required: true,
        },
      ),
      commonField.person('assigned_to', 'Assigned to'),
      f.date('due_date', 'Due date', { sample: { daysFromToday: [-5, 14] } }),
      commonField.priority(),
      commonField.status(['open', 'in_progress', 'done']),
    ],
    titleField: 'title',
    defaultSort: { field: 'due_date', direction: 'asc' },
    boardField: 'status',
  }),
];

export const RETAIL_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'retail',
    submoduleId: 'overview',
    title: 'Retail overview',
    description: 'Sales, stock health, loyalty and store tasks across stores.',
    sources: ['pos', 'inventory', 'loyalty', 'suppliers', 'operations'],
    kpis: [
      {
        kind: 'sum',
        label: 'Sales',
        source: 'pos',
        field: 'total',
        where: { field: 'status', values: ['completed'] },
      },
      { kind: 'count', label: 'Transactions', source: 'pos' },
      {
        kind: 'countWhere',
        label: 'Low or out of stock',
        source: 'inventory',
        field: 'status',
        values: ['low_stock', 'out_of_stock'],
      },
      {
        kind: 'countWhere',
        label: 'Active loyalty members',
        source: 'loyalty',
        field: 'status',
        values: ['active'],
      },
      {
        kind: 'countWhere',
        label: 'Open store tasks',
        source: 'operations',
        field: 'status',
        values: ['open', 'in_progress'],
      },
    ],
    charts: [
      {
        kind: 'sumBy',
        title: 'Sales by payment method',
        source: 'pos',
        groupField: 'payment_method',
        valueField: 'total',
      },
      { kind: 'countByMonth', title: 'Transactions per month', source: 'pos', field: 'sold_at' },
      { kind: 'countBy', title: 'Stock by status', source: 'inventory', field: 'status' },
      { kind: 'countBy', title: 'Members by tier', source: 'loyalty', field: 'tier' },
    ],
  },
];
