module.exports = {
  ...require('../../jest.preset.cjs'),
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
};
