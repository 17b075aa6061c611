/** Financial Services (docs/product/modules.md#modules-and-submodules: dashboard, clients, compliance, risk, portfolio, reports). */

import { recordField as f } from '../field-builders';
import type { ModuleInsightsDefinition } from '../insights';
import { defineRecordSchema, type RecordSchema } from '../record-schema';
import { commonField } from './common';

export const FINANCIAL_SERVICES_SCHEMAS: readonly RecordSchema[] = [
  defineRecordSchema({
    moduleId: 'financial-services',
    submoduleId: 'clients',
    entityName: 'Client',
    fields: [
      commonField.person('full_name', 'Full name', true),
      commonField.personalEmail(),
      f.phone('phone', 'Phone'),
      f.enum('client_type', 'Client type', ['individual', 'business', 'trust'], { required: true }),
      f.enum('risk_profile', 'Risk profile', ['conservative', 'moderate', 'aggressive']),
      f.money('assets_under_management', 'Assets under management', {
        sample: { between: [25_000, 4_000_000] },
      }),
      commonField.person('advisor', 'Advisor'),
      f.date('onboarded_on', 'Onboarded on', { sample: { daysFromToday: [-2_000, 0] } }),
      commonField.status(['prospect', 'active', 'inactive']),
    ],
    titleField: 'full_name',
    listColumns: ['full_name', 'client_type', 'risk_profile', 'assets_under_management', 'advisor', 'status'],
  }),
  defineRecordSchema({
    moduleId: 'financial-services',
    submoduleId: 'compliance',
    entityName: 'Compliance Review',
    fields: [
      commonField.title([
        'Annual KYC refresh',
        'Source of funds check',
        'Suitability review',
        'AML screening',
      ]),
      f.reference('client', 'Client', 'financial-services/clients', 'full_name', { required: true }),
      f.enum('review_type', 'Review type', [['kyc', 'KYC'], ['aml', 'AML'], 'suitability', 'annual_review'], {
        required: true,
      }),
      commonField.person('reviewer', 'Reviewer'),
      f.date('due_date', 'Due date', { sample: { daysFromToday: [-15, 60] } }),
      commonField.status(['pending', 'in_progress', 'passed', 'failed', 'escalated']),
    ],
    titleField: 'title',
    defaultSort: { field: 'due_date', direction: 'asc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'financial-services',
    submoduleId: 'risk',
    entityName: 'Risk Assessment',
    fields: [
      commonField.title([
        'Concentration in tech stocks',
        'Counterparty exposure',
        'Liquidity shortfall',
        'Rate rise impact',
      ]),
      f.reference('client', 'Client', 'financial-services/clients', 'full_name'),
      f.enum('category', 'Category', ['market', 'credit', 'liquidity', 'operational', 'compliance'], {
        required: true,
      }),
      f.enum('likelihood', 'Likelihood', ['low', 'medium', 'high']),
      f.enum('impact', 'Impact', ['low', 'medium', 'high']),
      f.number('score', 'Risk score', {
        min: 1,
        max: 25,
        integer: true,
        helpText: 'Likelihood × impact, 1 to 25.',
      }),
      commonField.person('owner', 'Owner'),
      f.date('review_date', 'Next review', { sample: { daysFromToday: [0, 90] } }),
      commonField.status(['open', 'mitigating', 'accepted', 'closed']),
    ],
    titleField: 'title',
    listColumns: ['title', 'client', 'category', 'score', 'owner', 'status'],
    defaultSort: { field: 'score', direction: 'desc' },
    boardField: 'status',
    defaultView: 'table',
  }),
  defineRecordSchema({
    moduleId: 'financial-services',
    submoduleId: 'portfolio',
    entityName: 'Portfolio',
    fields: [
      commonField.requiredSearchableText('name', 'Name', [
        'Retirement core',
        'Education fund',
        'Growth sleeve',
        'Income ladder',
        'Cash reserve',
      ]),
      f.reference('client', 'Client', 'financial-services/clients', 'full_name', { required: true }),
      f.enum('strategy', 'Strategy', ['income', 'growth', 'balanced', 'preservation'], { required: true }),
      f.money('market_value', 'Market value', { required: true, sample: { between: [10_000, 2_500_000] } }),
      f.text('benchmark', 'Benchmark', {
        sample: { oneOf: ['MSCI World', 'S&P 500', '60/40 blend', 'Bloomberg Agg'] },
      }),
      f.number('return_ytd_percent', 'Return YTD (%)', {
        min: -100,
        max: 1_000,
        sample: { between: [-8, 18] },
      }),
      f.date('inception_date', 'Inception date', { sample: { daysFromToday: [-3_000, -30] } }),
      commonField.status(['active', 'closed']),
    ],
    titleField: 'name',
    listColumns: ['name', 'client', 'strategy', 'market_value', 'return_ytd_percent', 'status'],
    defaultSort: { field: 'market_value', direction: 'desc' },
  }),
];

export const FINANCIAL_SERVICES_INSIGHTS: readonly ModuleInsightsDefinition[] = [
  {
    moduleId: 'financial-services',
    submoduleId: 'dashboard',
    title: 'Adviser dashboard',
    description: 'Clients, assets under management, open risks and reviews due.',
    sources: ['clients', 'portfolio', 'risk', 'compliance'],
    kpis: [
      { kind: 'countWhere', label: 'Active clients', source: 'clients', field: 'status', values: ['active'] },
      {
        kind: 'sum',
        label: 'Assets under management',
        source: 'portfolio',
        field: 'market_value',
        where: { field: 'status', values: ['active'] },
      },
      {
        kind: 'countWhere',
        label: 'Open risks',
        source: 'risk',
        field: 'status',
        values: ['open', 'mitigating'],
      },
      { kind: 'nextDate', label: 'Next compliance review due', source: 'compliance', field: 'due_date' },
    ],
    charts: [
      {
        kind: 'sumBy',
        title: 'Assets by strategy',
        source: 'portfolio',
        groupField: 'strategy',
        valueField: 'market_value',
      },
      { kind: 'countBy', title: 'Clients by risk profile', source: 'clients', field: 'risk_profile' },
      { kind: 'countBy', title: 'Risks by category', source: 'risk', field: 'category' },
    ],
  },
  {
    moduleId: 'financial-services',
    submoduleId: 'reports',
    title: 'Financial services reports',
    description: 'Client growth, compliance outcomes and portfolio mix for periodic reporting.',
    sources: ['clients', 'compliance', 'portfolio'],
    kpis: [
      { kind: 'count', label: 'Clients', source: 'clients' },
      {
        kind: 'countWhere',
        label: 'Failed or escalated reviews',
        source: 'compliance',
        field: 'status',
        values: ['failed', 'escalated'],
      },
      { kind: 'count', label: 'Portfolios', source: 'portfolio' },
    ],
    charts: [
      {
        kind: 'countByMonth',
        title: 'Clients onboarded per month',
        source: 'clients',
        field: 'onboarded_on',
      },
      { kind: 'countBy', title: 'Reviews by outcome', source: 'compliance', field: 'status' },
      { kind: 'countBy', title: 'Portfolios by strategy', source: 'portfolio', field: 'strategy' },
    ],
  },
];
