import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Files that run far longer than the others (the mail outage waits out its two minutes, property
 * tests, child servers), relative to the root. They start first: started last, one of them would
 * run alone on one core at the end. Vitest orders the rest by the durations it remembers, or by
 * size on a fresh clone (CI), where it remembers nothing. Add a file here when it runs past
 * half a minute.
 */
const LONG_FILES = [
  "tests/integration/mail-outage.test.ts",
  "tests/integration/request-values.test.ts",
  "tests/integration/backup.test.ts",
  "bench/history.test.ts",
  "tests/integration/stays-properties.test.ts",
  "tests/integration/staff-dev-start.test.ts",
  "tests/integration/fiscal-invoices.test.ts",
  "tests/integration/staff-console.test.ts",
  "app/features/stays/booking-schemas.test.ts",
  "tests/integration/data-version.test.ts",
];

class LongFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const rank = (spec: TestSpecification) => {
      const index = LONG_FILES.findIndex((file) => spec.moduleId.endsWith(`/${file}`));
      return index === -1 ? LONG_FILES.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return (await super.sort(files)).sort((a, b) => rank(a) - rank(b));
  }
}

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
    // Unit and integration files share the two workers: the unit tests' computing fills the time
    // the integration tests wait on their servers, and the long files start first.
    sequence: { sequencer: LongFilesFirst },
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
