export * from './access';
export * from './auth';
export * from './institutions';
export * from './modules';
export * from './registry';
export * from './records-api';
export * from './records';
