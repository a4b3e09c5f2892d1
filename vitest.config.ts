import { defineConfig } from 'vitest/config';

// One Vitest run covers every workspace. The server project shares one migrated PGlite image
// (see apps/server/test/global-setup.ts) and is bounded to two workers because each in-memory
// PGlite costs about 0.2 to 0.75 GB that is not returned on close.
export default defineConfig({
  test: {
    // Two cores; and each server test file holds its own PGlite (0.2 to 0.75 GB).
    maxWorkers: 2,
    projects: [
      { test: { name: 'core', root: 'packages/core', include: ['src/**/*.test.ts'] } },
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      // Simulator tests generate years of candles: CPU-bound, so slow when the machine is shared.
      {
        test: { name: 'market', root: 'packages/market', include: ['src/**/*.test.ts'], testTimeout: 60_000 },
      },
      'apps/server/vitest.config.ts',
      'apps/web/vitest.config.ts',
      'apps/console/vitest.config.ts',
    ],
  },
});
