import { HONEYPOT_FIELD } from "../../app/shared/forms/form-rules.ts";
import { afterEach, expect, it, vi } from "vitest";
import { logger } from "../../app/shared/logger.server.ts";
import { action } from "~/routes/newsletter.tsx";

import { NEWSLETTER_ERROR, NEWSLETTER_THANKS, RATE_LIMITED, VALID_EMAIL } from "../../app/shared/messages.ts";
import { describeEachEngine } from "./test-database.ts";
import { answer, args, databaseDownContext, formPost } from "./route-calls.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

describeEachEngine("newsletter action", (getDatabase) => {
  const subscribe = (fields: Record<string, string>, options?: { writeAllowed?: boolean }) =>
    answer(action(args(formPost("/newsletter", fields), getDatabase().context(options))));

  const rowsFor = (email: string) =>
    getDatabase()
      .db.selectFrom("newsletterSubscriptions")
      .selectAll()
      .where((eb) => eb(eb.fn("lower", ["email"]), "=", email.toLowerCase()))
      .execute();

  it("subscribes an address and thanks the guest", async () => {
    const { status, result } = await subscribe({ email: "first.reader@example.com" });
    expect(status).toBe(200);
    expect(result).toMatchObject({ status: "success", message: NEWSLETTER_THANKS });
    const rows = await rowsFor("first.reader@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ email: "first.reader@example.com" });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("keeps one row when the same address subscribes twice in another letter case", async () => {
    const first = await subscribe({ email: "Twice.Reader@Example.com" });
    const second = await subscribe({ email: "twice.reader@EXAMPLE.COM" });
    expect(first.result.status).toBe("success");
    expect(second.status).toBe(200);
    expect(second.result).toMatchObject({ status: "success", message: NEWSLETTER_THANKS });
    const rows = await rowsFor("twice.reader@example.com");
    expect(rows).toHaveLength(1);
    expect(rows[0]?.email).toBe("twice.reader@example.com");
  });

  it.each([
    ["empty", ""],
    ["blank", "   "],
    ["without @", "reader.example.com"],
    ["without a domain", "reader@"],
    ["255 characters", `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com`],
  ])("refuses an %s address with 'Please enter a valid email'", async (_what, email) => {
    const before = await countAll();
    const { status, result } = await subscribe({ email });
    expect(status).toBe(400);
    expect(result).toMatchObject({ status: "invalid", fieldErrors: { email: VALID_EMAIL } });
    expect(await countAll()).toBe(before);
  });

  it("accepts an address of exactly 254 characters", async () => {
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"e".repeat(57)}.com`;
    expect(email).toHaveLength(254);
    const { status } = await subscribe({ email });
    expect(status).toBe(200);
    expect(await rowsFor(email)).toHaveLength(1);
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const { status, result } = await subscribe({
      email: "bot@example.com",
      [HONEYPOT_FIELD]: "https://spam",
    });
    expect(status).toBe(200);
    expect(result).toMatchObject({ status: "success", message: NEWSLETTER_THANKS });
    expect(await rowsFor("bot@example.com")).toHaveLength(0);
  });

  it("answers 429 and stores nothing when the client is over the write limit", async () => {
    const { status, result } = await subscribe({ email: "eager@example.com" }, { writeAllowed: false });
    expect(status).toBe(429);
    expect(result).toMatchObject({ status: "error", message: RATE_LIMITED });
    expect(await rowsFor("eager@example.com")).toHaveLength(0);
  });

  async function countAll() {
    const { count } = await getDatabase()
      .db.selectFrom("newsletterSubscriptions")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(count);
  }
});

it("answers 'Error subscribing. Please try again.' and logs when the database is down", async () => {
  const log = vi.spyOn(logger, "error").mockImplementation(() => {});
  const { status, result } = await answer(
    action(args(formPost("/newsletter", { email: "down@example.com" }), databaseDownContext())),
  );
  expect(status).toBe(503);
  expect(result).toMatchObject({ status: "error", message: NEWSLETTER_ERROR });
  expect(log).toHaveBeenCalledWith(
    expect.objectContaining({ error: expect.stringContaining("ECONNREFUSED") }),
    expect.any(String),
  );
});
