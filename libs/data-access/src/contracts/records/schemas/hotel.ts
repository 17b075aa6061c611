/**
 * Hotel Management, premium (docs/product/modules.md#modules-and-submodules: reservations, guest-services, housekeeping,
 * billing-payments, restaurant-bar, event-management, concierge, facilities).
 */

import { recordField as f } from '../field-builders';
import { formula } from '../formulas';
import type { RecordValues } from '../field-types';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

/** The floor a three- or four-digit room number names (204 → 2, 1012 → 10); null otherwise. */
function floorOf(roomNumber: unknown): number | null {
  const match = typeof roomNumber === 'string' ? /^(\d{1,2})\d{2}$/.exec(roomNumber.trim()) : null;
  return match ? Number(match[1]) : null;
}

/** The status a folio's payments call for, or null where any fits (a refund). */
function folioStatusFor(values: Readonly<RecordValues>): string | null {
  if (values.status === 'refunded') return null;
  const amount = typeof values.amount === 'number' ? values.amount : 0;
  const paid = typeof values.amount_paid === 'number' ? values.amount_paid : 0;
  if (paid <= 0) return 'open';
  return paid >= amount ? 'paid' : 'partially_paid';
}

/** What a demo folio of a given status has paid: nothing, about half, or all of it. */
function paidFor(values: Readonly<RecordValues>): number | null {
  const amount = typeof values.amount === 'number' ? values.amount : 0;
  if (values.status === 'open') return 0;
  if (values.status === 'partially_paid') return Math.round(amount * 50) / 100;
  return amount;
}

/** How many guests a room of each type sleeps (inclusive). */
const CAPACITY_BY_ROOM_TYPE: Readonly<Record<string, readonly [number, number]>> = {
  single: [1, 1],
  double: [1, 2],
  twin: [1, 2],
  suite: [2, 4],
  family: [3, 6],
};

/** A room's rate band by type: what a demo room of that type costs a night. */
const RATE_BY_ROOM_TYPE: Readonly<Record<string, readonly [number, number]>> = {
  single: [79, 129],
  double: [119, 189],
  twin: [119, 189],
  suite: [260, 420],
  family: [180, 290],
};

export const HOTEL_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'rooms',
    entityName: 'Room',
    description: 'The rooms reservations, guest requests and concierge services point at.',
    fields: [
      f.text('room_number', 'Room number', {
        required: true,
        searchable: true,
        maxLength: 10,
        sample: 'roomNumber',
      }),
      f.enum('room_type', 'Room type', ['single', 'double', 'twin', 'suite', 'family'], { required: true }),
      f.number('floor', 'Floor', { min: -2, max: 200, integer: true, sample: { between: [1, 6] } }),
      f.number('capacity', 'Capacity', { min: 1, max: 10, integer: true, sample: { between: [1, 4] } }),
      f.money('nightly_rate', 'Nightly rate', { required: true, sample: { between: [79, 420] } }),
      commonField.status(['available', 'occupied', 'cleaning', 'out_of_order']),
    ],
    titleField: 'room_number',
    rules: [
      { kind: 'unique', fields: ['room_number'] },
      {
        kind: 'check',
        fields: ['capacity', 'room_type'],
        message: `Capacity must suit the room type (${Object.entries(CAPACITY_BY_ROOM_TYPE)
          .map(([type, [low, high]]) => `${type} ${low === high ? low : `${low}–${high}`}`)
          .join(', ')})`,
        holds: (values) => {
          const range = CAPACITY_BY_ROOM_TYPE[String(values.room_type)];
          const capacity = values.capacity;
          return !range || typeof capacity !== 'number' || (capacity >= range[0] && capacity <= range[1]);
        },
        fix: (values) => {
          const [low, high] = CAPACITY_BY_ROOM_TYPE[String(values.room_type)] ?? [1, 10];
          const [cheap, dear] = RATE_BY_ROOM_TYPE[String(values.room_type)] ?? [79, 420];
          const capacity = typeof values.capacity === 'number' ? values.capacity : low;
          const rate = typeof values.nightly_rate === 'number' ? values.nightly_rate : cheap;
          return {
            ...values,
            capacity: Math.min(Math.max(capacity, low), high),
            nightly_rate: Math.min(Math.max(rate, cheap), dear),
          };
        },
      },
      {
        kind: 'check',
        fields: ['floor', 'room_number'],
        message: 'Floor must match the room number (room 204 is on floor 2)',
        holds: (values) => {
          const floor = floorOf(values.room_number);
          return floor === null || typeof values.floor !== 'number' || values.floor === floor;
        },
        fix: (values) => ({ ...values, floor: floorOf(values.room_number) }),
      },
    ],
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'reservations',
    entityName: 'Reservation',
    fields: [
      commonField.person('guest_name', 'Guest', true),
      commonField.personalEmail(),
      f.reference('room', 'Room', 'hotel/rooms', 'room_number', { required: true }),
      f.date('check_in', 'Check-in', { required: true, sample: { daysFromToday: [-20, 40] } }),
      f.date('check_out', 'Check-out', { required: true, sample: { daysAfterStart: [1, 7] } }),
      f.number('guests', 'Guests', { min: 1, max: 10, integer: true, sample: { between: [1, 4] } }),
      f.enum('channel', 'Channel', ['direct', ['booking_com', 'Booking.com'], 'expedia', 'phone', 'walk_in']),
      commonField.status(['booked', 'checked_in', 'checked_out', 'cancelled']),
      f.money('nightly_rate', 'Nightly rate', { derived: formula.fromReference('room', 'nightly_rate') }),
      f.number('nights', 'Nights', { integer: true, derived: formula.daysBetween('check_in', 'check_out') }),
      f.money('total', 'Total', { derived: formula.product('nights', 'nightly_rate') }),
    ],
    titleField: 'guest_name',
    listColumns: ['guest_name', 'room', 'check_in', 'check_out', 'nights', 'total', 'status'],
    rules: [
      { kind: 'compare', field: 'check_out', operator: 'gt', other: 'check_in' },
      {
        kind: 'check',
        fields: ['status', 'check_in'],
        message: 'A guest cannot be checked in or out before the check-in date',
        holds: (values, { today }) =>
          !(values.status === 'checked_in' || values.status === 'checked_out') ||
          typeof values.check_in !== 'string' ||
          values.check_in <= today,
        fix: (values) => ({ ...values, status: 'booked' }),
      },
      // One room, one party a night; cancelled reservations free the room.
      {
        kind: 'noOverlap',
        field: 'room',
        start: 'check_in',
        end: 'check_out',
        except: { field: 'status', values: ['cancelled'] },
      },
    ],
    defaultSort: { field: 'check_in', direction: 'asc' },
    calendarField: 'check_in',
    calendarEndField: 'check_out',
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'guest-services',
    entityName: 'Guest Request',
    fields: [
      commonField.requiredSearchableText('request', 'Request', [
        'Extra towels',
        'Late checkout',
        'Airport taxi',
        'Baby cot',
        'Broken kettle',
        'Wake-up call 6:30',
      ]),
      commonField.person('guest_name', 'Guest'),
      f.reference('room', 'Room', 'hotel/rooms', 'room_number'),
      f.enum(
        'category',
        'Category',
        ['amenities', 'room_service', 'maintenance', 'transport', 'wake_up_call', 'complaint', 'other'],
        {
          required: true,
        },
      ),
      f.dateTime('requested_at', 'Requested at', { required: true, sample: { daysFromToday: [-3, 0] } }),
      commonField.person('assigned_to', 'Assigned to'),
      commonField.priority(),
      commonField.status(['open', 'in_progress', 'completed', 'cancelled']),
    ],
    titleField: 'request',
    listColumns: ['request', 'guest_name', 'room', 'category', 'requested_at', 'priority', 'status'],
    defaultSort: { field: 'requested_at', direction: 'desc' },
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'housekeeping',
    entityName: 'Housekeeping Task',
    fields: [
      f.reference('room', 'Room', 'hotel/rooms', 'room_number', { required: true }),
      // The task's name in lists and on its page: the room's number when the task was made for it.
      f.text('room_number', 'Room number', {
        searchable: true,
        derived: formula.fromReference('room', 'room_number'),
      }),
      f.enum(
        'task_type',
        'Task',
        ['checkout_clean', 'stayover_clean', 'deep_clean', 'turndown', 'inspection'],
        {
          required: true,
        },
      ),
      commonField.person('assigned_to', 'Assigned to'),
      f.date('scheduled_date', 'Date', { required: true, sample: { daysFromToday: [-2, 3] } }),
      f.enum('room_status', 'Room status', ['dirty', 'cleaning', 'clean', 'inspected', 'out_of_order'], {
        required: true,
      }),
      commonField.priority(),
      commonField.notes(),
    ],
    titleField: 'room_number',
    listColumns: ['room', 'task_type', 'assigned_to', 'scheduled_date', 'room_status', 'priority'],
    boardField: 'room_status',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'billing-payments',
    entityName: 'Folio',
    description: 'A guest bill: room nights, extras and what has been paid against them.',
    fields: [
      commonField.identifier('folio_number', 'Folio number', 'FOL-'),
      commonField.person('guest_name', 'Guest', true),
      f.reference('reservation', 'Reservation', 'hotel/reservations', 'guest_name'),
      f.date('issued_on', 'Issued on', { required: true, sample: { daysFromToday: [-30, 0] } }),
      f.money('amount', 'Amount', { required: true, sample: { between: [90, 3_800] } }),
      f.money('amount_paid', 'Paid', { sample: { between: [0, 3_800] } }),
      f.enum('payment_method', 'Payment method', ['card', 'cash', 'bank_transfer', 'corporate_account']),
      commonField.status(['open', 'partially_paid', 'paid', 'refunded']),
      f.money('balance', 'Balance', { derived: formula.difference('amount', 'amount_paid') }),
    ],
    titleField: 'folio_number',
    listColumns: ['folio_number', 'guest_name', 'issued_on', 'amount', 'amount_paid', 'balance', 'status'],
    rules: [
      { kind: 'compare', field: 'amount_paid', operator: 'lte', other: 'amount' },
      {
        kind: 'check',
        fields: ['status', 'amount_paid'],
        message:
          'Status must match what is paid: Open with nothing paid, Partially paid with part, Paid in full',
        holds: (values) => folioStatusFor(values) === null || folioStatusFor(values) === values.status,
        fix: (values) => ({ ...values, amount_paid: paidFor(values) }),
      },
      { kind: 'unique', fields: ['folio_number'] },
    ],
    defaultSort: { field: 'issued_on', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'restaurant-bar',
    entityName: 'Outlet Order',
    description: 'Orders taken in the restaurant, bars and room service.',
    fields: [
      commonField.identifier('order_number', 'Order number', 'FB-'),
      f.enum('outlet', 'Outlet', ['restaurant', 'lobby_bar', 'pool_bar', 'room_service'], { required: true }),
      f.text('table', 'Table or room', {
        maxLength: 10,
        sample: { oneOf: ['T1', 'T4', 'T7', 'T12', 'Bar 3', '214', '508'] },
      }),
      commonField.person('server', 'Server'),
      f.dateTime('ordered_at', 'Ordered at', { required: true, sample: { daysFromToday: [-14, 0] } }),
      f.number('covers', 'Covers', { min: 1, max: 200, integer: true, sample: { between: [1, 6] } }),
      f.money('total', 'Total', { required: true, sample: { between: [8, 480] } }),
      f.boolean('charge_to_room', 'Charged to room'),
      commonField.status(['open', 'served', 'paid', 'cancelled']),
    ],
    titleField: 'order_number',
    listColumns: ['order_number', 'outlet', 'table', 'ordered_at', 'total', 'status'],
    defaultSort: { field: 'ordered_at', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'event-management',
    entityName: 'Event',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Annual sales kickoff',
        'Patel–Moreau wedding',
        'Board retreat',
        'Charity gala',
        'Product workshop',
      ]),
      commonField.company('organizer', 'Organizer'),
      f.enum('event_type', 'Type', ['conference', 'wedding', 'meeting', 'banquet', 'gala', 'workshop'], {
        required: true,
      }),
      f.enum('venue', 'Venue', ['ballroom', 'terrace', 'boardroom', 'garden', 'conference_hall']),
      f.dateTime('start_time', 'Start', { required: true, sample: { daysFromToday: [-15, 90] } }),
      f.dateTime('end_time', 'End', { sample: { minutesAfterStart: [120, 600] } }),
      f.number('attendees', 'Attendees', {
        min: 1,
        max: 5_000,
        integer: true,
        sample: { between: [10, 300] },
      }),
      f.money('quote', 'Quote', { sample: { between: [1_500, 60_000] } }),
      commonField.status(['inquiry', 'tentative', 'confirmed', 'completed', 'cancelled']),
    ],
    titleField: 'name',
    listColumns: ['name', 'event_type', 'venue', 'start_time', 'attendees', 'status'],
    defaultSort: { field: 'start_time', direction: 'asc' },
    calendarField: 'start_time',
    calendarEndField: 'end_time',
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'concierge',
    entityName: 'Concierge Request',
    fields: [
      commonField.requiredSearchableText('request', 'Request', [
        'Dinner for two at 8 pm',
        'City walking tour',
        'Theatre tickets',
        'Spa booking',
        'Car to airport',
      ]),
      commonField.person('guest_name', 'Guest', true),
      f.reference('room', 'Room', 'hotel/rooms', 'room_number'),
      f.enum('category', 'Category', ['restaurant_booking', 'tour', 'transport', 'tickets', 'spa', 'other'], {
        required: true,
      }),
      f.dateTime('service_at', 'Service time', { sample: { daysFromToday: [-3, 10] } }),
      f.money('cost', 'Cost', { sample: { between: [0, 400] } }),
      commonField.status(['requested', 'booked', 'completed', 'cancelled']),
      commonField.notes(),
    ],
    titleField: 'request',
    listColumns: ['request', 'guest_name', 'room', 'category', 'service_at', 'status'],
    defaultSort: { field: 'service_at', direction: 'asc' },
    calendarField: 'service_at',
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'hotel',
    submoduleId: 'facilities',
    entityName: 'Maintenance Request',
    fields: [
      commonField.title([
        'AC not cooling',
        'Leaking shower',
        'Lift 2 stuck',
        'Pool pump noise',
        'Flickering corridor lights',
      ]),
      f.text('location', 'Location', {
        required: true,
        sample: { oneOf: ['Room 214', 'Lobby', 'Pool', 'Gym', 'Kitchen', 'Floor 3'] },
      }),
      f.enum(
        'category',
        'Category',
        [['hvac', 'HVAC'], 'plumbing', 'electrical', 'elevator', 'pool', 'grounds', 'furniture'],
        {
          required: true,
        },
      ),
      f.date('reported_on', 'Reported on', { required: true, sample: { daysFromToday: [-20, 0] } }),
      commonField.person('assigned_to', 'Assigned to'),
      commonField.priority(),
      f.money('cost', 'Cost', { sample: { between: [0, 2_500] } }),
      commonField.status(['reported', 'scheduled', 'in_progress', 'resolved']),
    ],
    titleField: 'title',
    listColumns: ['title', 'location', 'category', 'reported_on', 'priority', 'status'],
    defaultSort: { field: 'reported_on', direction: 'desc' },
    boardField: 'status',
  }),
];
