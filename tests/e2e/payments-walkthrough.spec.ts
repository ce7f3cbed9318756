import { execFile } from "node:child_process";
import { promisify, stripVTControlCharacters } from "node:util";
import { expect, test } from "@playwright/test";

// `npm run demo:payments` (tests/payments-walkthrough.ts), the closing note's walkthrough, run
// here so it cannot rot: the built server and the Lenco simulator on a temporary data folder, a
// deposit confirmed by webhook, a duplicate and two refused webhooks, a desk booking paid in cash
// with its receipt. `--quick` leaves out the 5-minute wait for a hold to expire, which
// tests/integration/online-payments.test.ts covers with the clock in hand.
test("the payments walkthrough runs and every check holds", async () => {
  test.setTimeout(120_000);
  const { stdout: output } = await promisify(execFile)(
    process.execPath,
    ["tests/payments-walkthrough.ts", "--quick"],
    {
      timeout: 110_000,
    },
  );
  // Playwright's FORCE_COLOR reaches the script: its tables come colored.
  const stdout = stripVTControlCharacters(output);
  expect(stdout).not.toContain("FAIL");
  expect(stdout).toMatch(/ok {3}guest approves: successful; webhook collection\.successful signed → 200/);
  expect(stdout).toContain("ok   duplicate delivery → 200");
  expect(stdout).toContain("old signature → 401");
  expect(stdout).toContain("a webhook signed with a guessed key → 401");
  expect(stdout).toMatch(/ok {3}cash K[\d,]+ recorded \(303\)/);
  expect(stdout).toMatch(/'collection\.successful' │ 'confirmed' +│ 1 /);
  expect(stdout).toContain("Walkthrough done: every check held.");
});
