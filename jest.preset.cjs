// One Jest shape for every package: SWC transforms TS (TypeScript 7 has no API for ts-jest),
// and Nest 12 ships ESM-only packages that must be transformed to CommonJS too.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true, decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const libs = path.join(__dirname, 'libs');

module.exports = {
  transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|uid|@tanstack|content-disposition|pg-boss|serialize-error|non-error|rrule-temporal|nodemailer|smtp-server|mailparser|openid-client|oauth4webapi|jose)/)',
  ],
  moduleNameMapper: {
    '^@tessera/data-access/(.*)$': `${libs}/data-access/src/$1/index.ts`,
    '^@tessera/ui$': `${libs}/ui/src/index.ts`,
    '^@tessera/auth$': `${libs}/auth/src/index.ts`,
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
