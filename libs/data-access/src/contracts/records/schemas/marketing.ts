/** Marketing (docs/product/modules.md#modules-and-submodules: campaigns, analytics, social, email). */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const CAMPAIGN_NAMES = [
  'Spring product launch',
  'Back to school',
  'Customer referral drive',
  'Black Friday',
  'Webinar series Q3',
  'Brand awareness – LinkedIn',
  'Holiday newsletter',
];

export const MARKETING_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'marketing',
    submoduleId: 'campaigns',
    entityName: 'Campaign',
    fields: [
      commonField.requiredSearchableText('name', 'Name', CAMPAIGN_NAMES),
      f.enum('channel', 'Channel', ['email', 'social', 'search', 'display', 'events', 'content'], {
        required: true,
      }),
      commonField.status(['planned', 'active', 'paused', 'completed']),
      f.date('start_date', 'Start date', { required: true, sample: { daysFromToday: [-60, 30] } }),
      f.date('end_date', 'End date', { sample: { daysAfterStart: [7, 45] } }),
      f.money('budget', 'Budget', { sample: { between: [500, 40_000] } }),
      commonField.person('owner', 'Owner'),
      f.text('target_audience', 'Target audience', {
        searchable: true,
        sample: { oneOf: ['Small businesses', 'Returning customers', 'Students', 'IT decision makers'] },
      }),
    ],
    titleField: 'name',
    defaultSort: { field: 'start_date', direction: 'desc' },
    defaultView: 'table',
    boardField: 'status',
    timelineStartField: 'start_date',
    timelineEndField: 'end_date',
  }),
  defineRecordSchema({
    moduleId: 'marketing',
    submoduleId: 'social',
    entityName: 'Social Post',
    fields: [
      commonField.title([
        'Customer story',
        'Product tip',
        'Event teaser',
        'Team spotlight',
        'Poll of the week',
      ]),
      f.enum('platform', 'Platform', ['linkedin', ['x', 'X'], 'facebook', 'instagram', 'tiktok', 'youtube'], {
        required: true,
      }),
      f.longText('content', 'Content', { searchable: true, maxLength: 3_000, sample: 'sentence' }),
      f.dateTime('scheduled_at', 'Scheduled for', { sample: { daysFromToday: [-14, 21] } }),
      commonField.status(['draft', 'scheduled', 'published', 'failed']),
      f.reference('campaign', 'Campaign', 'marketing/campaigns', 'name'),
      f.url('link', 'Link'),
    ],
    titleField: 'title',
    listColumns: ['title', 'platform', 'scheduled_at', 'status', 'campaign'],
    defaultSort: { field: 'scheduled_at', direction: 'desc' },
    calendarField: 'scheduled_at',
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'marketing',
    submoduleId: 'email',
    entityName: 'Newsletter',
    fields: [
      commonField.requiredSearchableText('subject', 'Subject', [
        'Your monthly update',
        'New features are here',
        'Last chance: 20% off',
        'Join our webinar',
      ]),
      f.text('audience', 'Audience list', {
        sample: { oneOf: ['All subscribers', 'Trial users', 'VIP customers'] },
      }),
      f.dateTime('send_at', 'Send at', { sample: { daysFromToday: [-30, 14] } }),
      commonField.status(['draft', 'scheduled', 'sent', 'cancelled']),
      f.number('recipients', 'Recipients', { min: 0, integer: true, sample: { between: [200, 12_000] } }),
      commonField.percent('open_rate_percent', 'Open rate (%)', { sample: { between: [12, 55] } }),
      commonField.percent('click_rate_percent', 'Click rate (%)', { sample: { between: [1, 12] } }),
      f.reference('campaign', 'Campaign', 'marketing/campaigns', 'name'),
    ],
    titleField: 'subject',
    defaultSort: { field: 'send_at', direction: 'desc' },
    defaultView: 'table',
    calendarField: 'send_at',
  }),
];

export const MARKETING_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'marketing',
    submoduleId: 'analytics',
    title: 'Marketing analytics',
    description: 'Campaign spend and reach across channels, social output and e-mail sends.',
    sources: ['campaigns', 'social', 'email'],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Active campaigns',
        source: 'campaigns',
        field: 'status',
        values: ['active'],
      },
      { kind: 'sum', label: 'Campaign budget', source: 'campaigns', field: 'budget' },
      {
        kind: 'countWhere',
        label: 'Published posts',
        source: 'social',
        field: 'status',
        values: ['published'],
      },
      {
        kind: 'sum',
        label: 'E-mails delivered',
        source: 'email',
        field: 'recipients',
        where: { field: 'status', values: ['sent'] },
      },
      { kind: 'nextDate', label: 'Next scheduled post', source: 'social', field: 'scheduled_at' },
    ],
    charts: [
      {
        kind: 'sumBy',
        title: 'Budget by channel',
        source: 'campaigns',
        groupField: 'channel',
        valueField: 'budget',
      },
      { kind: 'countBy', title: 'Posts by platform', source: 'social', field: 'platform' },
      { kind: 'countByMonth', title: 'E-mails sent per month', source: 'email', field: 'send_at' },
    ],
  },
];
