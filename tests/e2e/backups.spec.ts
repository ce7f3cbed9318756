import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { expect, test } from "@playwright/test";
import { STAFF_DATA_DIR, STAFF_URL } from "./servers.ts";

// `npm run db:backup` beside a running server on the embedded database (decisions.md 29): the
// server owns the data folder, so the command asks it for the backup instead of opening the
// folder a second time; `db:restore` refuses outright. The staff console's server is the one
// of the test servers that keeps its database in a folder (STAFF_DATA_DIR).

const script = (...args: string[]) =>
  promisify(execFile)(process.execPath, ["scripts/db.ts", ...args], {
    env: { ...process.env, DATA_DIR: STAFF_DATA_DIR, DATABASE_URL: "", PORT: new URL(STAFF_URL).port },
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
