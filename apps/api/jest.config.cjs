// API tests run against a real PostgreSQL: the global setup creates a fresh database per run
// (TEST_DATABASE_URL, default the local server) and the teardown drops it.
module.exports = {
  ...require('../../jest.preset.cjs'),
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
  globalSetup: '<rootDir>/src/test/global-setup.ts',
  globalTeardown: '<rootDir>/src/test/global-teardown.ts',
  testTimeout: 30000,
};
