import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    globalSetup: ['tests/support/global-setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // a screen's next state waited for with expect.poll: a second (the default) is not enough on a busy CI machine
    expect: { poll: { timeout: 15_000 } },
  },
});
