/** E-commerce (docs/product/modules.md#modules-and-submodules: products, orders, customers, inventory, promotions). */

import { recordField as f } from '../field-builders';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const PRODUCTS = [
  'Merino Crew Sweater',
  'Bamboo Cutting Board',
  'Trail Running Shoes',
  'Smart Desk Lamp',
  'Leather Card Wallet',
  'Cold Brew Kit',
  'Yoga Mat Pro',
];
const WAREHOUSES = ['Main warehouse', 'EU fulfilment', 'West coast 3PL'];

export const ECOMMERCE_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'ecommerce',
    submoduleId: 'products',
    entityName: 'Product',
    fields: [
      commonField.requiredSearchableText('name', 'Name', PRODUCTS),
      f.text('sku', 'SKU', { required: true, searchable: true, sample: 'sku' }),
      f.enum(
        'category',
        'Category',
        ['apparel', 'footwear', 'home', 'electronics', 'accessories', 'sports'],
        {
          required: true,
        },
      ),
      f.money('price', 'Price', { required: true, sample: { between: [9, 240] } }),
      f.money('compare_at_price', 'Compare-at price', { sample: { between: [12, 300] } }),
      f.number('stock', 'Stock', { min: 0, integer: true, sample: { between: [0, 500] } }),
      commonField.status(['draft', 'active', 'archived']),
      f.longText('description', 'Description', { searchable: true, sample: 'sentence' }),
    ],
    titleField: 'name',
    listColumns: ['name', 'sku', 'category', 'price', 'stock', 'status'],
    rules: [{ kind: 'unique', fields: ['sku'] }],
  }),
  defineRecordSchema({
    moduleId: 'ecommerce',
    submoduleId: 'customers',
    entityName: 'Customer',
    fields: [
      commonField.person('full_name', 'Full name', true),
      f.email('email', 'Email', { required: true, searchable: true, sample: 'personalEmail' }),
      f.phone('phone', 'Phone'),
      f.text('country', 'Country', { sample: 'country' }),
      f.enum('segment', 'Segment', ['new', 'returning', ['vip', 'VIP'], 'at_risk'], { required: true }),
      f.number('orders_count', 'Orders', { min: 0, integer: true, sample: { between: [0, 40] } }),
      f.money('total_spent', 'Total spent', { sample: { between: [0, 8_000] } }),
      f.boolean('accepts_marketing', 'Accepts marketing'),
      f.date('joined_on', 'Customer since', { sample: { daysFromToday: [-900, 0] } }),
    ],
    titleField: 'full_name',
    listColumns: ['full_name', 'email', 'country', 'segment', 'orders_count', 'total_spent'],
  }),
  defineRecordSchema({
    moduleId: 'ecommerce',
    submoduleId: 'orders',
    entityName: 'Order',
    fields: [
      commonField.identifier('order_number', 'Order number', 'ORD-'),
      f.reference('customer', 'Customer', 'ecommerce/customers', 'full_name', { required: true }),
      f.dateTime('ordered_at', 'Ordered at', { required: true, sample: { daysFromToday: [-45, 0] } }),
      f.number('items', 'Items', { min: 1, integer: true, sample: { between: [1, 6] } }),
      f.money('total', 'Total', { required: true, sample: { between: [15, 900] } }),
      f.enum('payment_status', 'Payment', ['pending', 'paid', 'refunded', 'failed'], { required: true }),
      f.enum(
        'fulfillment_status',
        'Fulfilment',
        ['unfulfilled', 'processing', 'shipped', 'delivered', 'returned', 'cancelled'],
        { required: true },
      ),
      f.enum('shipping_method', 'Shipping', ['standard', 'express', 'pickup']),
      // The delivery that takes the order to the customer, kept by Logistics (last mile).
      f.reference('delivery', 'Delivery', 'logistics/last-mile-delivery', 'tracking_number'),
    ],
    titleField: 'order_number',
    listColumns: ['order_number', 'customer', 'ordered_at', 'total', 'payment_status', 'fulfillment_status'],
    defaultSort: { field: 'ordered_at', direction: 'desc' },
    boardField: 'fulfillment_status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'ecommerce',
    submoduleId: 'inventory',
    entityName: 'Stock Item',
    fields: [
      f.text('sku', 'SKU', { required: true, searchable: true, sample: 'sku' }),
      f.reference('product', 'Product', 'ecommerce/products', 'name', { required: true }),
      f.text('warehouse', 'Warehouse', { required: true, sample: { oneOf: WAREHOUSES } }),
      f.number('on_hand', 'On hand', {
        required: true,
        min: 0,
        integer: true,
        sample: { between: [0, 800] },
      }),
      f.number('reserved', 'Reserved', { min: 0, integer: true, sample: { between: [0, 40] } }),
      f.number('reorder_point', 'Reorder point', { min: 0, integer: true, sample: { between: [10, 80] } }),
      f.date('last_restocked', 'Last restocked', { sample: { daysFromToday: [-90, 0] } }),
      commonField.status(['in_stock', 'low_stock', 'out_of_stock', 'backordered']),
    ],
    titleField: 'sku',
    listColumns: ['sku', 'product', 'warehouse', 'on_hand', 'reserved', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'ecommerce',
    submoduleId: 'promotions',
    entityName: 'Promotion',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Spring sale',
        'Free shipping weekend',
        'Welcome offer',
        'Loyalty thank-you',
        'Clearance',
      ]),
      f.text('code', 'Discount code', {
        searchable: true,
        maxLength: 40,
        sample: { oneOf: ['SPRING20', 'FREESHIP', 'WELCOME10', 'THANKYOU15', 'CLEAR30'] },
      }),
      f.enum('discount_type', 'Discount type', ['percentage', 'fixed_amount', 'free_shipping'], {
        required: true,
      }),
      f.number('discount_value', 'Discount value', { min: 0, sample: { between: [5, 30] } }),
      f.date('starts_on', 'Starts on', { required: true, sample: { daysFromToday: [-30, 30] } }),
      f.date('ends_on', 'Ends on', { sample: { daysAfterStart: [2, 30] } }),
      f.number('usage_count', 'Times used', { min: 0, integer: true, sample: { between: [0, 1_200] } }),
      commonField.status(['scheduled', 'active', 'paused', 'expired']),
    ],
    titleField: 'name',
    listColumns: ['name', 'code', 'discount_type', 'starts_on', 'ends_on', 'status'],
    defaultSort: { field: 'starts_on', direction: 'desc' },
    defaultView: 'table',
    timelineStartField: 'starts_on',
    timelineEndField: 'ends_on',
  }),
];
