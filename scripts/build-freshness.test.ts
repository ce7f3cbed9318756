import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { buildIsStale } from "./build-freshness.ts";

let root = "";
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A checkout with one source file and a build, each dated `minutesAgo`. */
function checkout({ source, build }: { source: number; build: number | null }): string {
  root = mkdtempSync(join(tmpdir(), "lodge-staff-build-"));
  const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
  mkdirSync(join(root, "app/routes/staff"), { recursive: true });
  const file = join(root, "app/routes/staff/sign-in.tsx");
  writeFileSync(file, "");
  for (const path of [file, join(root, "app/routes/staff"), join(root, "app/routes"), join(root, "app")])
    utimesSync(path, at(source), at(source));
  if (build !== null) {
    mkdirSync(join(root, "build/server"), { recursive: true });
    writeFileSync(join(root, "build/server/index.js"), "");
    utimesSync(join(root, "build/server/index.js"), at(build), at(build));
  }
  return root;
}

it("rebuilds without a build, and when a source changed after the build, as npm start does", () => {
  expect(buildIsStale(checkout({ source: 10, build: null }))).toBe(true);
  rmSync(root, { recursive: true, force: true });
  expect(buildIsStale(checkout({ source: 5, build: 10 }))).toBe(true);
  rmSync(root, { recursive: true, force: true });
  expect(buildIsStale(checkout({ source: 10, build: 5 }))).toBe(false);
});
