/** TrainerPro, the training/course product (docs/product/modules.md#modules-and-submodules: courses, studio, assessments). */

import { recordField as f } from '../field-builders';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const COURSE_TITLES = [
  'Strength Training Foundations',
  'Public Speaking Masterclass',
  'Excel for Analysts',
  'Mindful Leadership',
  'Nutrition Coaching Basics',
  'Customer Service Excellence',
  'Project Management Essentials',
];

export const TRAINERPRO_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'trainerpro',
    submoduleId: 'courses',
    entityName: 'Course',
    fields: [
      commonField.title(COURSE_TITLES),
      f.enum(
        'category',
        'Category',
        ['fitness', 'business', 'technology', 'wellbeing', 'leadership', 'languages'],
        {
          required: true,
        },
      ),
      f.enum('level', 'Level', ['beginner', 'intermediate', 'advanced']),
      f.money('price', 'Price', { sample: { between: [0, 499] } }),
      f.number('duration_hours', 'Duration (hours)', { min: 0, max: 500, sample: { between: [1, 40] } }),
      commonField.person('instructor', 'Instructor'),
      f.number('enrolled', 'Enrolled learners', { min: 0, integer: true, sample: { between: [0, 850] } }),
      commonField.status(['draft', 'published', 'archived']),
    ],
    titleField: 'title',
    listColumns: ['title', 'category', 'level', 'price', 'enrolled', 'status'],
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'trainerpro',
    submoduleId: 'studio',
    entityName: 'Lesson',
    description: 'Course content authored in the studio.',
    fields: [
      commonField.title([
        'Welcome and goals',
        'Warm-up routine',
        'Core concepts',
        'Case study',
        'Recap and next steps',
      ]),
      f.reference('course', 'Course', 'trainerpro/courses', 'title', { required: true }),
      f.enum('content_type', 'Content type', ['video', 'article', 'quiz', 'live', 'download'], {
        required: true,
      }),
      f.number('duration_minutes', 'Duration (minutes)', {
        min: 0,
        max: 600,
        integer: true,
        sample: { between: [5, 60] },
      }),
      f.number('position', 'Position in course', { min: 1, integer: true, sample: { between: [1, 12] } }),
      commonField.status(['draft', 'in_review', 'published']),
      f.longText('content', 'Content', { searchable: true, sample: 'paragraph' }),
    ],
    titleField: 'title',
    defaultSort: { field: 'position', direction: 'asc' },
    boardField: 'status',
  }),
  defineRecordSchema({
    moduleId: 'trainerpro',
    submoduleId: 'assessments',
    entityName: 'Assessment',
    fields: [
      commonField.title(['Module 1 quiz', 'Final exam', 'Practical assessment', 'Case study assignment']),
      f.reference('course', 'Course', 'trainerpro/courses', 'title', { required: true }),
      f.enum('type', 'Type', ['quiz', 'exam', 'assignment', 'practical'], { required: true }),
      commonField.percent('pass_mark_percent', 'Pass mark (%)', {
        integer: true,
        sample: { between: [50, 80] },
      }),
      f.number('max_attempts', 'Maximum attempts', {
        min: 1,
        max: 10,
        integer: true,
        sample: { between: [1, 3] },
      }),
      f.date('due_date', 'Due date', { sample: { daysFromToday: [-10, 40] } }),
      commonField.status(['draft', 'open', 'closed']),
    ],
    titleField: 'title',
    defaultSort: { field: 'due_date', direction: 'asc' },
  }),
];
