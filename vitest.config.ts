import { defineConfig } from "vitest/config";

// Unit and integration tests. The React Router plugin stays out: tests import
// route modules and call their loaders and actions directly.
export default defineConfig({
  resolve: { tsconfigPaths: true },
  test: {
    include: [
      "app/**/*.test.{ts,tsx}",
      "server/**/*.test.ts",
      "scripts/**/*.test.ts",
      "bench/**/*.test.ts",
      "tests/integration/**/*.test.ts",
    ],
    environment: "node",
    // PGlite and a PostgreSQL database per file: give slow starts room.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
