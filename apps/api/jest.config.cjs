// API tests run against a real PostgreSQL: the global setup creates a fresh database per run
// (TEST_DATABASE_URL, default the local server), one copy per worker, and the teardown drops them.
module.exports = {
  ...require('../../jest.preset.cjs'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  setupFiles: ['<rootDir>/src/test/worker-database.ts'],
  testTimeout: 30000,
};
