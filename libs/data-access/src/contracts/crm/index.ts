export * from './analytics';
export * from './capture-score';
export * from './crm-report';
export * from './display';
export * from './enums';
export * from './lead-score';
export * from './types';
export * from './email';
