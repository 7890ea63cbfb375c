import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    reporters: ['default', './tests/helpers/summary-reporter.ts'],
    projects: [
      {
        extends: './vite.config.ts',
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}', 'sw/**/*.test.ts', 'shared/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['./tests/helpers/web-setup.ts'],
          // Room for the longer wait of `findBy…` and `waitFor` (web-setup.ts).
          testTimeout: 15_000,
        },
      },
      {
        test: {
          name: 'api',
          include: [
            'server/**/*.test.ts',
            'build-tools/**/*.test.ts',
            'contract/**/*.test.ts',
            'tests/spec-coverage.test.ts',
            'tests/lint/**/*.test.ts',
          ],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'security',
          // The audit's re-runnable suite (`npm run test:security`); SECURITY_LONG=1 adds the
          // soak and the kill -9 runs.
          include: ['tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'e2e',
          // The budget check reads the same build the end-to-end tests serve.
          include: ['tests/e2e/**/*.test.ts', 'tests/budget/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
