import { beforeAll, expect, it } from "vitest";
import { clientAddressContext } from "../../app/shared/context.server.ts";
import * as signIn from "~/routes/staff/sign-in.tsx";
import { describeEachEngine } from "./test-database.ts";
import { createStaff, outcome, PASSWORD, routeArgs, staffPost } from "./staff-support.ts";

// The sign-in rate limit (docs/decisions/0011-staff-sign-in.md) under the load it exists for:
// many guesses at once, and guesses from many addresses of one IPv6 network.

describeEachEngine("staff sign-in rate limit", (getDatabase) => {
  let manager: { id: number; email: string };

  beforeAll(async () => {
    manager = await createStaff(getDatabase().db, "manager");
  });

  function attempt(email: string, password: string, address: string) {
    const context = getDatabase().context();
    context.set(clientAddressContext, address);
    return outcome(
      signIn.action(routeArgs(staffPost("/staff/sign-in", { email, password, next: "/staff" }), context)),
    );
  }

  /**
   * Wrong passwords, 30 at once and then one at a time until refused: across both, exactly
   * `limit` reach the password check (401); every other one is refused (429).
   */
  async function checkedGuesses(limit: number, guess: (i: number) => Promise<{ status: number }>) {
    const burst = (await Promise.all(Array.from({ length: 30 }, (_, i) => guess(i)))).map((a) => a.status);
    expect(burst.filter((status) => status !== 401 && status !== 429)).toEqual([]);
    const checked = burst.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(limit);
    let later = 0;
    for (let i = 30; ; i += 1) {
      const { status } = await guess(i);
      if (status === 429) break;
      expect(status).toBe(401);
      later += 1;
      expect(checked + later).toBeLessThanOrEqual(limit);
    }
    expect(checked + later).toBe(limit);
  }

  it("lets no more than 5 wrong passwords for one account reach the check, however many arrive at once", async () => {
    const target = await createStaff(getDatabase().db, "reception", manager.id);
    // Each from its own address, so only the per-account limit applies.
    await checkedGuesses(5, (i) => attempt(target.email, "wrong password!!", `203.0.113.${i + 1}`));
    // And the right password waits too.
    expect((await attempt(target.email, PASSWORD, "203.0.113.250")).status).toBe(429);
  });

  it("lets no more than 20 guesses from one address reach the check, whatever the accounts", async () => {
    await checkedGuesses(20, (i) => attempt(`guess-${i}@lodge.test`, "wrong password!!", "192.0.2.50"));
    expect((await attempt(manager.email, PASSWORD, "192.0.2.50")).status).toBe(429);
  });

  it("counts an IPv6 client by its /56, as the write limiter does", async () => {
    // Twenty guesses, each from another address (even another /64) of one /56 ...
    for (let i = 0; i < 20; i += 1) {
      const got = await attempt(`v6-guess-${i}@lodge.test`, "wrong password!!", `2001:db8:77:${i}::${i + 1}`);
      expect(got.status).toBe(401);
    }
    // ... and the next address of that /56 waits, even with the right password.
    expect((await attempt(manager.email, PASSWORD, "2001:db8:77:ff:1:2:3:4")).status).toBe(429);
    // The next /56 is another client.
    expect((await attempt(manager.email, PASSWORD, "2001:db8:77:100::1")).status).toBe(302);
  });
});
