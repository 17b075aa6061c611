// Demo data generators: only the API's demo seed uses them. They live outside the contracts so
// the front ends, which share the contracts whole through Module Federation, do not ship them.
export * from './seed-records';
export * from './crm-names';
