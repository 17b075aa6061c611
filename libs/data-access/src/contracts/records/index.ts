export * from './catalogue';
export * from './field-builders';
export * from './field-types';
export * from './insights';
export * from './record-csv';
export * from './record-schema';
export * from './validate-record';
