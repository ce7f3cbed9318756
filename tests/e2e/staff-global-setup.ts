import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { PAYMENTS_DATA_DIR, PAYMENTS_URL, STAFF_DATA_DIR, STAFF_URL } from "./servers.ts";
import { MANAGER, SETUP_PAGE_FILE } from "./staff-support.ts";

/**
 * Creates the staff server's first manager the way a person would: the server wrote its one-time
 * setup token to DATA_DIR/staff-setup-token at start; the setup page's form is posted with it.
 */
export default async function staffGlobalSetup(): Promise<void> {
  await createFirstManager(STAFF_DATA_DIR, STAFF_URL, SETUP_PAGE_FILE);
  // The online deposits' server (tests/e2e/payments.spec.ts) has a manager of its own.
  await createFirstManager(PAYMENTS_DATA_DIR, PAYMENTS_URL, null);
}

async function createFirstManager(dataDir: string, origin: string, keepPageIn: string | null): Promise<void> {
  const file = join(dataDir, "staff-setup-token");
  const deadline = Date.now() + 30_000;
  while (!existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`no setup token in ${file}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const token = readFileSync(file, "utf8").trim();
  // The page the link opens, kept for the accessibility check (staff-console.spec.ts): once used,
  // the link shows "Link not valid".
  const form = await fetch(`${origin}/staff/set-password?token=${token}`);
  if (form.status !== 200) throw new Error(`the setup page answered ${form.status}`);
  if (keepPageIn) writeFileSync(keepPageIn, await form.text());
  const response = await fetch(`${origin}/staff/set-password?token=${token}`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: origin, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      token,
      name: MANAGER.name,
      email: MANAGER.email,
      password: MANAGER.password,
      confirm: MANAGER.password,
    }),
  });
  if (response.status !== 302) throw new Error(`setup answered ${response.status}`);
  if (existsSync(file)) throw new Error("the setup token file was not removed after use");
}
