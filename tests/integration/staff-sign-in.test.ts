import { beforeAll, expect, it } from "vitest";
import { clientAddressContext } from "~/context.server.ts";
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

  it("lets only 5 of 30 parallel wrong passwords for one account reach the password check", async () => {
    const target = await createStaff(getDatabase().db, "reception", manager.id);
    // Each from its own address, so only the per-account limit applies.
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => attempt(target.email, "wrong password!!", `203.0.113.${i + 1}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(25);
    // And the right password waits too.
    expect((await attempt(target.email, PASSWORD, "203.0.113.99")).status).toBe(429);
  });

  it("lets only 20 of 30 parallel guesses from one address through, whatever the accounts", async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        attempt(`guess-${i}@lodge.test`, "wrong password!!", "192.0.2.50"),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(20);
    expect(statuses.filter((status) => status === 429)).toHaveLength(10);
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
