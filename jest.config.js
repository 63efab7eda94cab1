/** Jest projects: unit tests beside the code (*.spec.ts), integration tests under tests/integration (real PostgreSQL, Redis, registry-sim), the topology test under tests/topology (start:apart). */
const swc = ['@swc/jest', {
  jsc: { parser: { syntax: 'typescript', decorators: true, tsx: true }, transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } }, target: 'es2022' },
  module: { type: 'commonjs' },
}];
module.exports = {
  projects: [
    {
      displayName: 'unit',
      testMatch: ['<rootDir>/libs/**/src/**/*.spec.ts', '<rootDir>/apps/**/src/**/*.spec.ts', '<rootDir>/tests/topology/**/*.spec.ts', '<rootDir>/bench/**/*.spec.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/apps/web/'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      testEnvironment: 'node',
    },
    {
      displayName: 'integration',
      testMatch: ['<rootDir>/tests/integration/**/*.int-spec.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      testEnvironment: 'node',
      setupFiles: ['reflect-metadata'],
      setupFilesAfterEnv: ['<rootDir>/tests/integration/test-timeout.ts'],
    },
    {
      // the topology stage: the system as start:apart runs it, every service in its own processes (tests/topology)
      displayName: 'topology',
      testMatch: ['<rootDir>/tests/topology/**/*.topo-spec.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      testEnvironment: 'node',
      setupFiles: ['reflect-metadata'],
    },
  ],
};
