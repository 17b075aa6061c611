/**
 * Education (docs/product/modules.md#modules-and-submodules: overview, students, courses, scheduling, calendar, virtual-sessions,
 * grades, elearning, staff-management, resources, reports, analytics).
 */

import { recordField as f } from '../field-builders';
import { formula } from '../formulas';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

const COURSE_TITLES = [
  'Algebra I',
  'Biology',
  'World History',
  'English Literature',
  'Chemistry',
  'Computer Science Principles',
  'Spanish II',
  'Art & Design',
];

export const EDUCATION_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'students',
    entityName: 'Student',
    fields: [
      commonField.person('full_name', 'Full name', true),
      commonField.identifier('student_number', 'Student number', 'STU-'),
      f.date('date_of_birth', 'Date of birth', { sample: { daysFromToday: [-6_900, -2_000] } }),
      f.number('grade_level', 'Grade level', { min: 1, max: 12, integer: true }),
      commonField.person('guardian_name', 'Guardian'),
      f.email('guardian_email', 'Guardian email', { sample: 'personalEmail' }),
      f.date('enrollment_date', 'Enrolled on', { sample: { daysFromToday: [-1_400, -5] } }),
      commonField.status(['enrolled', 'on_leave', 'graduated', 'withdrawn']),
    ],
    titleField: 'full_name',
    listColumns: ['full_name', 'student_number', 'grade_level', 'guardian_name', 'enrollment_date', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'courses',
    entityName: 'Course',
    fields: [
      commonField.title(COURSE_TITLES),
      f.text('code', 'Code', { searchable: true, sample: { sequence: 'CRS-' } }),
      f.enum(
        'department',
        'Department',
        ['mathematics', 'science', 'languages', 'humanities', 'arts', 'physical_education', 'technology'],
        { required: true },
      ),
      commonField.person('teacher', 'Teacher'),
      f.number('credits', 'Credits', { min: 0, max: 20, integer: true, sample: { between: [1, 6] } }),
      f.number('capacity', 'Capacity', { min: 1, max: 500, integer: true, sample: { between: [15, 35] } }),
      commonField.status(['planned', 'active', 'completed', 'archived']),
    ],
    titleField: 'title',
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'scheduling',
    entityName: 'Class Session',
    description: 'The timetable: when and where each course meets.',
    fields: [
      commonField.title(['Lecture', 'Lab', 'Tutorial', 'Seminar', 'Revision class']),
      f.reference('course', 'Course', 'education/courses', 'title', { required: true }),
      commonField.person('teacher', 'Teacher'),
      f.text('room', 'Room', { sample: 'roomNumber' }),
      f.dateTime('start_time', 'Start', { required: true, sample: { daysFromToday: [-7, 21] } }),
      f.dateTime('end_time', 'End', { required: true, sample: { minutesAfterStart: [45, 90] } }),
      f.enum('recurrence', 'Repeats', ['none', 'daily', 'weekly']),
      commonField.status(['scheduled', 'completed', 'cancelled']),
    ],
    titleField: 'title',
    listColumns: ['start_time', 'course', 'title', 'teacher', 'room', 'status'],
    defaultSort: { field: 'start_time', direction: 'asc' },
    calendarField: 'start_time',
    calendarEndField: 'end_time',
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'calendar',
    entityName: 'Calendar Event',
    description: 'The school calendar: holidays, exams, meetings and trips.',
    fields: [
      commonField.title([
        'Mid-term exams',
        'Parent-teacher evening',
        'Sports day',
        'Museum trip',
        'Winter break',
      ]),
      f.enum(
        'event_type',
        'Type',
        ['holiday', 'exam', 'meeting', 'parent_evening', 'sports', 'trip', 'other'],
        {
          required: true,
        },
      ),
      f.date('start_date', 'Start date', { required: true, sample: { daysFromToday: [-30, 90] } }),
      f.date('end_date', 'End date', { sample: { daysAfterStart: [0, 5] } }),
      f.text('location', 'Location', {
        sample: { oneOf: ['Main hall', 'Gym', 'Library', 'Off site', 'Room 204'] },
      }),
      f.enum('audience', 'Audience', ['everyone', 'students', 'staff', 'parents']),
    ],
    titleField: 'title',
    defaultSort: { field: 'start_date', direction: 'asc' },
    calendarField: 'start_date',
    calendarEndField: 'end_date',
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'virtual-sessions',
    entityName: 'Virtual Session',
    fields: [
      commonField.title(['Live Q&A', 'Exam preparation', 'Guest lecture', 'Office hours']),
      f.reference('course', 'Course', 'education/courses', 'title'),
      commonField.person('host', 'Host'),
      f.dateTime('start_time', 'Start', { required: true, sample: { daysFromToday: [-10, 20] } }),
      f.dateTime('end_time', 'End', { sample: { minutesAfterStart: [30, 90] } }),
      f.enum(
        'platform',
        'Platform',
        ['zoom', ['teams', 'Microsoft Teams'], ['google_meet', 'Google Meet'], 'other'],
        {
          required: true,
        },
      ),
      f.url('meeting_link', 'Meeting link'),
      commonField.status(['scheduled', 'live', 'completed', 'cancelled']),
    ],
    titleField: 'title',
    listColumns: ['start_time', 'title', 'course', 'host', 'platform', 'status'],
    defaultSort: { field: 'start_time', direction: 'asc' },
    calendarField: 'start_time',
    calendarEndField: 'end_time',
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'grades',
    entityName: 'Grade',
    fields: [
      commonField.requiredSearchableText('assessment', 'Assessment', [
        'Unit test 1',
        'Essay',
        'Lab report',
        'Final exam',
        'Project',
      ]),
      f.reference('student', 'Student', 'education/students', 'full_name', { required: true }),
      f.reference('course', 'Course', 'education/courses', 'title', { required: true }),
      commonField.percent('score', 'Score (%)', { required: true, sample: { between: [45, 100] } }),
      f.enum(
        'letter_grade',
        'Letter grade',
        [
          ['a', 'A'],
          ['b', 'B'],
          ['c', 'C'],
          ['d', 'D'],
          ['f', 'F'],
        ],
        { derived: formula.grade('score') },
      ),
      f.enum('term', 'Term', ['term_1', 'term_2', 'term_3'], { required: true }),
      f.date('graded_on', 'Graded on', { sample: { daysFromToday: [-120, 0] } }),
      commonField.status(['draft', 'published']),
    ],
    titleField: 'assessment',
    listColumns: ['student', 'course', 'assessment', 'score', 'letter_grade', 'term', 'status'],
    defaultSort: { field: 'graded_on', direction: 'desc' },
    sortableFields: ['assessment', 'score', 'letter_grade', 'term', 'graded_on', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'elearning',
    entityName: 'Learning Module',
    fields: [
      commonField.title([
        'Fractions in practice',
        'Cell structure',
        'Causes of World War I',
        'Intro to Python',
      ]),
      f.reference('course', 'Course', 'education/courses', 'title'),
      f.enum('content_type', 'Content type', ['video', 'reading', 'quiz', 'interactive'], { required: true }),
      f.number('duration_minutes', 'Duration (minutes)', {
        min: 1,
        max: 600,
        integer: true,
        sample: { between: [5, 60] },
      }),
      commonField.percent('completion_rate_percent', 'Completion rate (%)', {
        sample: { between: [20, 98] },
      }),
      commonField.status(['draft', 'published', 'archived']),
    ],
    titleField: 'title',
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'staff-management',
    entityName: 'Staff Member',
    fields: [
      commonField.person('full_name', 'Full name', true),
      f.enum(
        'role',
        'Role',
        ['teacher', 'teaching_assistant', 'administrator', 'counselor', 'librarian', 'support_staff'],
        {
          required: true,
        },
      ),
      f.text('department', 'Department', {
        sample: { oneOf: ['Mathematics', 'Science', 'Languages', 'Administration'] },
      }),
      f.email('email', 'Email', { searchable: true, sample: 'workEmail' }),
      f.phone('phone', 'Phone'),
      f.date('hire_date', 'Hired on', { sample: { daysFromToday: [-4_000, -30] } }),
      f.enum('employment_type', 'Employment type', ['full_time', 'part_time', 'contract']),
      commonField.status(['active', 'on_leave', 'left']),
    ],
    titleField: 'full_name',
    listColumns: ['full_name', 'role', 'department', 'email', 'employment_type', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'education',
    submoduleId: 'resources',
    entityName: 'Resource',
    description: 'Textbooks, equipment, rooms and licences the school lends or books.',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Chromebook cart',
        'Microscope set',
        'Physics textbook',
        'Music room',
        'Adobe licence',
      ]),
      f.enum('type', 'Type', ['textbook', 'equipment', 'room', 'digital_license', 'lab_kit'], {
        required: true,
      }),
      f.text('location', 'Location', {
        sample: { oneOf: ['Library', 'Science block', 'Storeroom B', 'IT office'] },
      }),
      f.number('quantity', 'Quantity', { min: 0, integer: true, sample: { between: [1, 60] } }),
      f.enum('condition', 'Condition', ['new', 'good', 'fair', 'poor']),
      commonField.status(['available', 'checked_out', 'maintenance', 'retired']),
    ],
    titleField: 'name',
    boardField: 'status',
    defaultView: 'table',
  }),
];

export const EDUCATION_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'education',
    submoduleId: 'overview',
    title: 'Education overview',
    description: 'Enrolment, courses running and what is coming up next.',
    sources: ['students', 'courses', 'scheduling', 'calendar', 'staff-management'],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Enrolled students',
        source: 'students',
        field: 'status',
        values: ['enrolled'],
      },
      { kind: 'countWhere', label: 'Active courses', source: 'courses', field: 'status', values: ['active'] },
      {
        kind: 'countWhere',
        label: 'Active staff',
        source: 'staff-management',
        field: 'status',
        values: ['active'],
      },
      { kind: 'nextDate', label: 'Next class', source: 'scheduling', field: 'start_time' },
      { kind: 'nextDate', label: 'Next calendar event', source: 'calendar', field: 'start_date' },
    ],
    charts: [
      { kind: 'countBy', title: 'Students by status', source: 'students', field: 'status' },
      { kind: 'countBy', title: 'Courses by department', source: 'courses', field: 'department' },
      { kind: 'countByMonth', title: 'Enrolments per month', source: 'students', field: 'enrollment_date' },
    ],
  },
  {
    moduleId: 'education',
    submoduleId: 'reports',
    title: 'Academic reports',
    description: 'Grades by term and letter, and how e-learning is being completed.',
    sources: ['grades', 'elearning', 'students'],
    kpis: [
      {
        kind: 'countWhere',
        label: 'Published grades',
        source: 'grades',
        field: 'status',
        values: ['published'],
      },
      { kind: 'countWhere', label: 'Failing grades', source: 'grades', field: 'letter_grade', values: ['f'] },
      {
        kind: 'countWhere',
        label: 'Graduated students',
        source: 'students',
        field: 'status',
        values: ['graduated'],
      },
    ],
    charts: [
      { kind: 'countBy', title: 'Grades by letter', source: 'grades', field: 'letter_grade' },
      { kind: 'countBy', title: 'Grades by term', source: 'grades', field: 'term' },
      { kind: 'countBy', title: 'Learning modules by status', source: 'elearning', field: 'status' },
    ],
  },
  {
    moduleId: 'education',
    submoduleId: 'analytics',
    title: 'Education analytics',
    description: 'Teaching activity over time: classes, virtual sessions and resource use.',
    sources: ['scheduling', 'virtual-sessions', 'resources', 'grades'],
    kpis: [
      { kind: 'count', label: 'Class sessions', source: 'scheduling' },
      { kind: 'count', label: 'Virtual sessions', source: 'virtual-sessions' },
      {
        kind: 'countWhere',
        label: 'Resources checked out',
        source: 'resources',
        field: 'status',
        values: ['checked_out'],
      },
      { kind: 'nextDate', label: 'Next virtual session', source: 'virtual-sessions', field: 'start_time' },
    ],
    charts: [
      { kind: 'countByMonth', title: 'Classes per month', source: 'scheduling', field: 'start_time' },
      {
        kind: 'countBy',
        title: 'Virtual sessions by platform',
        source: 'virtual-sessions',
        field: 'platform',
      },
      { kind: 'countByMonth', title: 'Grades recorded per month', source: 'grades', field: 'graded_on' },
      { kind: 'countBy', title: 'Resources by type', source: 'resources', field: 'type' },
    ],
  },
];
