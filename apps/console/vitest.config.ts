import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'console',
    root: import.meta.dirname,
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    passWithNoTests: true,
  },
});
