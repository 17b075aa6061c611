/** Project Management (docs/product/modules.md#modules-and-submodules: tasks, gantt, resources). */

import { recordField as f } from '../field-builders';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const TASK_TITLES = [
  'Draft project charter',
  'Collect stakeholder requirements',
  'Design database schema',
  'Review vendor contract',
  'Prepare sprint demo',
  'Update risk register',
  'Migrate customer data',
  'Write user acceptance tests',
  'Plan launch communications',
  'Onboard new team members',
];

export const PROJECT_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'project',
    submoduleId: 'tasks',
    entityName: 'Task',
    fields: [
      commonField.title(TASK_TITLES),
      f.longText('description', 'Description', { searchable: true, sample: 'paragraph' }),
      commonField.status(['todo', 'in_progress', 'review', 'done']),
      commonField.priority(),
      commonField.person('assignee', 'Assignee'),
      f.date('start_date', 'Start date', { sample: { daysFromToday: [-21, 14] } }),
      f.date('due_date', 'Due date', { sample: { daysAfterStart: [1, 21] } }),
      f.number('estimate_hours', 'Estimate (hours)', { min: 0, max: 1_000, sample: { between: [1, 40] } }),
    ],
    titleField: 'title',
    listColumns: ['title', 'status', 'priority', 'assignee', 'due_date', 'estimate_hours'],
    defaultSort: { field: 'due_date', direction: 'asc' },
    defaultView: 'board',
    boardField: 'status',
    // A task runs from its start to its due date; the same pair orders them on a timeline.
    timelineStartField: 'start_date',
    timelineEndField: 'due_date',
  }),
  defineRecordSchema({
    moduleId: 'project',
    submoduleId: 'gantt',
    entityName: 'Schedule Item',
    description: 'Phases and milestones of a plan, drawn as bars on the Gantt chart.',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Discovery',
        'Design',
        'Build',
        'Testing',
        'Training',
        'Go-live',
        'Hypercare',
        'Handover',
      ]),
      f.text('project', 'Project', {
        searchable: true,
        sample: { oneOf: ['Website relaunch', 'ERP rollout', 'Office move', 'Mobile app v2'] },
      }),
      f.date('start_date', 'Start date', { required: true, sample: { daysFromToday: [-30, 45] } }),
      f.date('end_date', 'End date', { required: true, sample: { daysAfterStart: [3, 30] } }),
      commonField.percent('progress_percent', 'Progress (%)', { integer: true }),
      commonField.status(['not_started', 'in_progress', 'completed', 'delayed']),
      commonField.person('owner', 'Owner'),
      f.reference('depends_on', 'Depends on', 'project/gantt', 'name'),
      f.boolean('is_milestone', 'Milestone'),
    ],
    titleField: 'name',
    listColumns: ['name', 'project', 'start_date', 'end_date', 'progress_percent', 'status', 'owner'],
    defaultSort: { field: 'start_date', direction: 'asc' },
    timelineStartField: 'start_date',
    timelineEndField: 'end_date',
  }),
  defineRecordSchema({
    moduleId: 'project',
    submoduleId: 'resources',
    entityName: 'Resource',
    description: 'People the plans draw on, with their capacity and current allocation.',
    fields: [
      commonField.person('name', 'Name', true),
      f.text('role', 'Role', { searchable: true, sample: 'jobTitle' }),
      f.enum('department', 'Department', [
        'engineering',
        'design',
        'operations',
        'finance',
        'marketing',
        'sales',
      ]),
      f.number('weekly_capacity_hours', 'Weekly capacity (hours)', {
        min: 0,
        max: 80,
        sample: { between: [20, 40] },
      }),
      f.number('allocated_hours', 'Allocated (hours)', { min: 0, max: 80, sample: { between: [0, 40] } }),
      f.money('hourly_rate', 'Hourly rate', { sample: { between: [35, 180] } }),
      f.enum(
        'availability',
        'Availability',
        ['available', 'partially_allocated', 'fully_allocated', 'on_leave'],
        {
          required: true,
        },
      ),
      commonField.notes(),
    ],
    titleField: 'name',
    boardField: 'availability',
    defaultView: 'table',
  }),
];
