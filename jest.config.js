// Three projects: client (jsdom), node (server, shared, scripts) and system (the real stack and a browser).

// Tests run firebase-admin in this process too; Google's client libraries must never probe a cloud metadata
// server from here (the stack's own processes get the same setting from startStack).
process.env.METADATA_SERVER_DETECTION = 'none';
const transform = {
  '^.+\\.(t|j)sx?$': [
    '@swc/jest',
    { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } },
  ],
};
const moduleNameMapper = {
  '\\.(svg|woff2|png|webp)$': '<rootDir>/test/support/fileStub.js',
  '/startFirebaseWorker$': '<rootDir>/test/support/noFirebaseWorker.ts',
};

/** @type {import('jest').Config} */
module.exports = {
  reporters: ['default', '<rootDir>/test/support/summaryReporter.js'],
  testSequencer: '<rootDir>/test/support/systemSequencer.js',
  // A test's budget on a busy machine (the other test loop beside it, load average 8 to 12 on 2 cores), not a target:
  // a component test renders the app's page in jsdom, some server tests send the API in process hundreds of requests
  // (a flood of beacons, racing payments), a second or two each when quiet. System suites set their own.
  testTimeout: 30_000,
  projects: [
    {
      displayName: 'client',
      testEnvironment: 'jest-fixed-jsdom',
      testMatch: ['<rootDir>/src/client/**/*.test.{ts,tsx}'],
      setupFilesAfterEnv: ['<rootDir>/test/support/setupClientTests.ts'],
      transform,
      moduleNameMapper,
    },
    {
      displayName: 'node',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/src/{server,shared,sandbox,gameServer}/**/*.test.ts', '<rootDir>/scripts/**/*.test.ts'],
      transform,
    },
    {
      displayName: 'system',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/test/system/**/*.test.ts'],
      globalSetup: '<rootDir>/scripts/stack/testing/startTestStack.ts',
      // Two workers share the machine and the stack; a suite that must have them alone says so there.
      setupFilesAfterEnv: ['<rootDir>/test/support/machineShare.ts'],
      globalTeardown: '<rootDir>/scripts/stack/testing/stopTestStack.ts',
      transform,
      slowTestThreshold: 60,
    },
  ],
};
