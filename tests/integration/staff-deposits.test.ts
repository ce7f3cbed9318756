import { expect, it } from "vitest";
import { getLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import * as deposits from "~/routes/staff/deposits.tsx";
import { createStaff, outcome, routeArgs, signedIn, staffGet, staffPost } from "./staff-support.ts";
import { describeEachEngine } from "./test-database.ts";

// /staff/deposits: the manager's deposit and cancellation policies (decisions.md 33, ADR 0018).

describeEachEngine("the staff console's deposits and cancellation screen", (getDatabase) => {
  // The first manager comes through the one-time setup link; later ones are invited.
  let firstManager: number | undefined;
  async function manager() {
    const { db } = getDatabase();
    const account = await createStaff(db, "manager", firstManager);
    firstManager ??= account.id;
    return account;
  }

  it("is for managers only", async () => {
    const { db, context } = getDatabase();
    const reception = await createStaff(db, "reception", (await manager()).id);
    const { cookie } = await signedIn(db, reception.id);
    const page = await outcome(deposits.loader(routeArgs(staffGet("/staff/deposits", cookie), context())));
    expect(page.status).toBe(403);
    const change = await outcome(
      deposits.action(
        routeArgs(
          staffPost(
            "/staff/deposits",
            { depositPolicy: "first-night", freeCancellationDays: "1", paymentHoldMinutes: "15" },
            cookie,
          ),
          context(),
        ),
      ),
    );
    expect(change.status).toBe(403);
    expect((await getLodgeSettings(db)).depositPolicy).toBe("none");
  });

  it("saves the policies, audited, shows them as guests read them, and refuses bad values beside their field", async () => {
    const { db, context } = getDatabase();
    const account = await manager();
    const { cookie } = await signedIn(db, account.id);
    const post = (fields: Record<string, string>) =>
      outcome(deposits.action(routeArgs(staffPost("/staff/deposits", fields, cookie), context())));

    const bad = await post({
      depositPolicy: "percent",
      depositPercent: "",
      freeCancellationDays: "-1",
      paymentHoldMinutes: "2",
    });
    expect(bad.status).toBe(400);
    expect((bad.data as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
      depositPercent: "Enter a percentage from 1 to 100.",
      freeCancellationDays: "Enter a number of days from 0 to 365.",
      paymentHoldMinutes: "Enter a number of minutes from 5 to 1440.",
    });

    const saved = await post({
      depositPolicy: "percent",
      depositPercent: "25",
      freeCancellationDays: "3",
      paymentHoldMinutes: "20",
    });
    expect(saved.status).toBe(303);
    expect(await getLodgeSettings(db)).toMatchObject({
      depositPolicy: "percent",
      depositPercent: 25,
      freeCancellationDays: 3,
      paymentHoldMinutes: 20,
      updatedBy: account.id,
    });
    // The first night: the percentage goes back to 0, as the database requires.
    await post({
      depositPolicy: "first-night",
      depositPercent: "25",
      freeCancellationDays: "3",
      paymentHoldMinutes: "20",
    });
    expect(await getLodgeSettings(db)).toMatchObject({ depositPolicy: "first-night", depositPercent: 0 });

    const page = await outcome(deposits.loader(routeArgs(staffGet("/staff/deposits", cookie), context())));
    const data = page.data as Awaited<ReturnType<typeof deposits.loader>>;
    expect(data.provider).toBeNull();
    expect(data.settings).toEqual({
      depositPolicy: "first-night",
      depositPercent: 0,
      freeCancellationDays: 3,
      paymentHoldMinutes: 20,
    });
    expect(data.audit.map((entry) => entry.change)).toEqual([
      "Deposit: 25% of the stay → the first night",
      "Deposit: none → 25% of the stay; Free cancellation: 2 → 3 days before arrival; Time to pay: 15 → 20 minutes",
    ]);
  });
});
