import { defineConfig } from "vitest/config";

// Unit and integration tests. The React Router plugin stays out: tests import
// route modules and call their loaders and actions directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    environment: "node",
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. Most files
    // wait on PostgreSQL, SMTP or a child server rather than compute, so two run side by side.
    maxWorkers: 2,
    // PGlite and a PostgreSQL database per file: give slow starts room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            "bench/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // One migrated database per engine for the whole run; each test file starts from a copy.
          globalSetup: ["tests/integration/template-databases.ts"],
        },
      },
    ],
  },
});
