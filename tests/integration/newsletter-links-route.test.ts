import { expect, it } from "vitest";
import { listSubscribers } from "../../app/features/newsletter/newsletter-subscriptions.server.ts";
import {
  NEWSLETTER_CONFIRMED,
  NEWSLETTER_LINK_INVALID,
  NEWSLETTER_UNSUBSCRIBED,
} from "../../app/shared/messages.ts";
import { action as subscribeAction } from "~/routes/newsletter.tsx";
import { action as confirmAction, loader as confirmLoader } from "~/routes/newsletter.confirm.tsx";
import { action as unsubscribeAction } from "~/routes/newsletter.unsubscribe.tsx";
import type { MailPayload } from "../../app/features/mail/mail-payload.ts";
import { args, formPost } from "./route-calls.ts";
import { describeEachEngine } from "./test-database.ts";

type Answer =
  | { ok: boolean; message: string }
  | { data: { ok: boolean; message: string }; init?: { status?: number } | null };
const body = (answer: unknown) => {
  const value = answer as Answer;
  return "data" in value ? { status: value.init?.status ?? 200, ...value.data } : { status: 200, ...value };
};

describeEachEngine("newsletter double opt-in", (getDatabase) => {
  async function subscribe(email: string) {
    await subscribeAction(args(formPost("/newsletter", { email }), getDatabase().context()));
    const row = await getDatabase()
      .db.selectFrom("outbox")
      .select("payload")
      .where("recipient", "=", email.toLowerCase())
      .where("template", "=", "newsletter-confirm")
      .orderBy("id", "desc")
      .executeTakeFirstOrThrow();
    return row.payload as Extract<MailPayload, { template: "newsletter-confirm" }>;
  }
  const subscribed = async () => (await listSubscribers(getDatabase().db)).map((s) => s.email);

  it("counts an address only once its owner confirms, through the link's button", async () => {
    const { confirmToken } = await subscribe("Opt.In@example.com");
    expect(await subscribed()).not.toContain("opt.in@example.com");
    const page = await confirmLoader(
      args(
        new Request(`http://localhost:3000/newsletter/confirm?token=${confirmToken}`),
        getDatabase().context(),
      ),
    );
    expect(page).toEqual({ token: confirmToken });
    // Opening the link changes nothing; the button's POST confirms.
    expect(await subscribed()).not.toContain("opt.in@example.com");
    const confirmed = body(
      await confirmAction(
        args(formPost("/newsletter/confirm", { token: confirmToken }), getDatabase().context()),
      ),
    );
    expect(confirmed).toMatchObject({ status: 200, ok: true, message: NEWSLETTER_CONFIRMED });
    expect(await subscribed()).toContain("opt.in@example.com");
    // A link works once.
    const again = body(
      await confirmAction(
        args(formPost("/newsletter/confirm", { token: confirmToken }), getDatabase().context()),
      ),
    );
    expect(again).toMatchObject({ status: 404, ok: false, message: NEWSLETTER_LINK_INVALID });
    // Subscribing again while subscribed sends nothing.
    const before = await getDatabase()
      .db.selectFrom("outbox")
      .select("id")
      .where("recipient", "=", "opt.in@example.com")
      .execute();
    await subscribeAction(
      args(formPost("/newsletter", { email: "opt.in@example.com" }), getDatabase().context()),
    );
    const after = await getDatabase()
      .db.selectFrom("outbox")
      .select("id")
      .where("recipient", "=", "opt.in@example.com")
      .execute();
    expect(after).toHaveLength(before.length);
  });

  it("unsubscribes with one POST to the link (RFC 8058), and refuses a made-up token", async () => {
    const { confirmToken, unsubscribeToken } = await subscribe("leaver@example.com");
    await confirmAction(
      args(formPost("/newsletter/confirm", { token: confirmToken }), getDatabase().context()),
    );
    expect(await subscribed()).toContain("leaver@example.com");
    const oneClick = new Request(`http://localhost:3000/newsletter/unsubscribe?token=${unsubscribeToken}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(body(await unsubscribeAction(args(oneClick, getDatabase().context())))).toMatchObject({
      ok: true,
      message: NEWSLETTER_UNSUBSCRIBED,
    });
    expect(await subscribed()).not.toContain("leaver@example.com");
    const madeUp = body(
      await unsubscribeAction(
        args(formPost("/newsletter/unsubscribe", { token: "x".repeat(43) }), getDatabase().context()),
      ),
    );
    expect(madeUp).toMatchObject({ status: 404, ok: false });
  });
});
