import { execFile } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { STAFF_DATA_DIR, STAFF_URL } from "./servers.ts";
import { MANAGER } from "./staff-support.ts";

// `npm run db:backup` beside a running server on the embedded database (decisions.md 29): the
// server owns the data folder, so the command asks it for the backup instead of opening the
// folder a second time; `db:restore` refuses outright. The staff console's server is the one
// of the test servers that keeps its database in a folder (STAFF_DATA_DIR).

const script = (...args: string[]) => run("scripts/db.ts", args);
const run = (file: string, args: string[], env: Record<string, string> = {}) =>
  promisify(execFile)(process.execPath, [file, ...args], {
    env: {
      ...process.env,
      DATA_DIR: STAFF_DATA_DIR,
      DATABASE_URL: "",
      PORT: new URL(STAFF_URL).port,
      ...env,
    },
  }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );

test("db:backup gets its backup from the running server, which keeps serving; db:restore refuses", async ({
  request,
}) => {
  const backedUp = await script("backup");
  expect(backedUp.code, backedUp.stderr).toBe(0);
  expect(backedUp.stdout).toContain("Backup written by the running server:");
  const written = backedUp.stdout.trim().split(": ").pop() ?? "";
  expect(readdirSync(join(STAFF_DATA_DIR, "backups"))).toContain(written.split("/").pop());
  expect((await request.get(`${STAFF_URL}/healthz`)).status()).toBe(200);

  const restored = await script("restore", written);
  expect(restored.code).toBe(1);
  expect(restored.stderr).toContain("The server is running on the embedded database");
  expect((await request.get(`${STAFF_URL}/rooms`)).status()).toBe(200);
});

test("a backup restored elsewhere opens: npm run staff resets the manager's password there, not beside the server", async () => {
  // Four child processes, each loading the server's build, and a backup and a restore of the
  // console's database: beside the other tests on a loaded machine, more than the usual 30 s.
  test.setTimeout(120_000);
  const backedUp = await script("backup");
  expect(backedUp.code, backedUp.stderr).toBe(0);
  const written = backedUp.stdout.trim().split(": ").pop() ?? "";
  const copy = join(mkdtempSync(join(tmpdir(), "lodge-e2e-restored-")), "data");
  try {
    const restored = await run("scripts/db.ts", ["restore", written], { DATA_DIR: copy, PORT: "1" });
    expect(restored.code, restored.stderr).toBe(0);
    const reset = await run("scripts/staff.ts", ["reset-password", MANAGER.email], {
      DATA_DIR: copy,
      PORT: "1",
    });
    expect(reset.code, reset.stderr).toBe(0);
    expect(reset.stdout).toMatch(/\/staff\/set-password\?token=[\w-]{20,}/);
  } finally {
    rmSync(dirname(copy), { recursive: true, force: true });
  }
  const beside = await run("scripts/staff.ts", ["reset-password", MANAGER.email]);
  expect(beside.code).toBe(1);
  expect(beside.stderr).toContain("The server is running on the embedded database");
});
