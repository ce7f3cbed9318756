import { HONEYPOT_FIELD } from "../../app/shared/forms/form-rules.ts";
import fc from "fast-check";
import { afterEach, expect, it, vi } from "vitest";
import { action, loader } from "~/routes/contact.tsx";

import { pageKeepingContext } from "../../app/shared/context.server.ts";
import { logger } from "../../app/shared/logger.server.ts";
import { SUBMISSION_ID_FIELD } from "../../app/shared/forms/form-result.ts";
import * as m from "../../app/shared/messages.ts";
import { anyTextArb, emailArb, nameArb, someKeys, textArb } from "../schema-cases.ts";
import { describeEachEngine } from "./test-database.ts";
import { answer, args, databaseDownContext, formPost } from "./route-calls.ts";

afterEach(() => {
  vi.restoreAllMocks();
});

let sequence = 0;
/** A complete, valid message; each call gets its own submission id. */
function validMessage(overrides: Record<string, string> = {}): Record<string, string> {
  sequence += 1;
  return {
    name: "Mwila Banda",
    email: "mwila@example.com",
    subject: "Wedding in March",
    message: "Do you have the garden free on 14 March for 80 guests?",
    [SUBMISSION_ID_FIELD]: `contact-test-${sequence}-${Math.random()}`,
    ...overrides,
  };
}

describeEachEngine("contact action", (getDatabase, engine) => {
  const send = (fields: Record<string, string>, options?: { writeAllowed?: boolean }) =>
    answer(action(args(formPost("/contact", fields), getDatabase().context(options))));

  const rowsFor = (submissionId: string) =>
    getDatabase()
      .db.selectFrom("contactMessages")
      .selectAll()
      .where("submissionId", "like", `${submissionId}.%`)
      .execute();

  async function countAll() {
    const { count } = await getDatabase()
      .db.selectFrom("contactMessages")
      .select((eb) => eb.fn.countAll<string>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  it("hands each form a fresh submission id and tells the page cache to renew it", async () => {
    const notes = { freshValues: [] as string[], degraded: false };
    const context = getDatabase().context();
    context.set(pageKeepingContext, notes);
    const first = await loader(args(new Request("http://localhost:3000/contact"), context));
    const second = await loader(args(new Request("http://localhost:3000/contact"), context));
    expect(first.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(second.submissionId).not.toBe(first.submissionId);
    expect(notes.freshValues).toEqual([first.submissionId, second.submissionId]);
    expect(notes.degraded).toBe(false);
  });

  it("gives the lodge's structured data the range of the database's rates, following a change", async () => {
    const { db, context } = getDatabase();
    const contact = () => loader(args(new Request("http://localhost:3000/contact"), context()));
    expect((await contact()).priceRange).toBe("K350 - K550");
    const suite = await db
      .selectFrom("rooms")
      .select(["id", "price"])
      .where("type", "=", "Executive Suite")
      .execute();
    await db.updateTable("rooms").set({ price: 600 }).where("type", "=", "Executive Suite").execute();
    try {
      expect((await contact()).priceRange).toBe("K350 - K600");
    } finally {
      for (const room of suite)
        await db.updateTable("rooms").set({ price: room.price }).where("id", "=", room.id).execute();
    }
  });

  it("still shows the page without a range when the rates cannot be read, and does not keep it", async () => {
    vi.spyOn(logger, "error").mockImplementation(() => {});
    const notes = { freshValues: [] as string[], degraded: false };
    const context = databaseDownContext();
    context.set(pageKeepingContext, notes);
    const page = await loader(args(new Request("http://localhost:3000/contact"), context));
    expect(page.priceRange).toBeNull();
    expect(page.submissionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(notes.degraded).toBe(true);
  });

  it("stores exactly one complete message and confirms it", async () => {
    const fields = validMessage({ name: "  Mwila Banda ", subject: "" });
    const { status, result } = await send(fields);
    expect(status).toBe(200);
    expect(result).toEqual({ status: "success", message: m.CONTACT_SENT });
    const rows = await rowsFor(fields[SUBMISSION_ID_FIELD]!);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      name: "Mwila Banda",
      email: "mwila@example.com",
      subject: null,
      message: fields.message,
    });
    expect(rows[0]?.createdAt).toBeInstanceOf(Date);
  });

  it("stores one message when the same form is posted twice", async () => {
    const fields = validMessage();
    const [first, second] = await Promise.all([send(fields), send(fields)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.result).toMatchObject({ status: "success" });
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(1);
    expect((await send(fields)).status).toBe(200);
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(1);
  });

  it("requires a name, a valid e-mail and a message, beside each field, and stores nothing", async () => {
    const before = await countAll();
    const { status, result } = await send({ name: "", email: "not-an-email", subject: "", message: "  " });
    expect(status).toBe(400);
    expect(result).toMatchObject({
      status: "invalid",
      fieldErrors: { name: m.NAME_REQUIRED, email: m.VALID_EMAIL, message: m.MESSAGE_REQUIRED },
      values: { name: "", email: "not-an-email", message: "  " },
    });
    expect(await countAll()).toBe(before);
  });

  it.each([
    ["name of 100 characters", { name: "N".repeat(100) }, {}],
    ["name of 101 characters", { name: "N".repeat(101) }, { name: m.NAME_TOO_LONG }],
    ["subject of 150 characters", { subject: "S".repeat(150) }, {}],
    ["subject of 151 characters", { subject: "S".repeat(151) }, { subject: m.SUBJECT_TOO_LONG }],
    ["message of 2000 characters", { message: "m".repeat(2000) }, {}],
    ["message of 2001 characters", { message: "m".repeat(2001) }, { message: m.MESSAGE_TOO_LONG }],
    [
      "e-mail of 254 characters",
      { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com` },
      {},
    ],
    [
      "e-mail of 255 characters",
      { email: `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(58)}.com` },
      { email: m.VALID_EMAIL },
    ],
  ])("limit: %s", async (_what, overrides: Record<string, string>, errors: Record<string, string>) => {
    const fields = validMessage(overrides);
    const { status, result } = await send(fields);
    const rows = await rowsFor(fields[SUBMISSION_ID_FIELD]!);
    if (Object.keys(errors).length === 0) {
      expect(status).toBe(200);
      expect(rows).toHaveLength(1);
    } else {
      expect(status).toBe(400);
      expect(result).toMatchObject({ status: "invalid", fieldErrors: errors });
      expect(rows).toHaveLength(0);
    }
  });

  it("answers a filled honeypot like a success and stores nothing", async () => {
    const fields = validMessage({ [HONEYPOT_FIELD]: "buy now" });
    const { status, result } = await send(fields);
    expect(status).toBe(200);
    expect(result).toMatchObject({ status: "success", message: m.CONTACT_SENT });
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(0);
  });

  it("answers 429 and stores nothing when the client is over the write limit", async () => {
    const fields = validMessage();
    const { status, result } = await send(fields, { writeAllowed: false });
    expect(status).toBe(429);
    expect(result).toMatchObject({ status: "error", message: m.RATE_LIMITED });
    expect(await rowsFor(fields[SUBMISSION_ID_FIELD]!)).toHaveLength(0);
  });

  if (engine === "pglite") {
    it("never throws and never stores an invalid message, whatever the form holds", async () => {
      const record = someKeys(
        fc.record({
          name: nameArb,
          email: emailArb,
          subject: textArb(150),
          message: textArb(2000),
          [HONEYPOT_FIELD]: fc.oneof(
            { weight: 9, arbitrary: fc.constant("") },
            { weight: 1, arbitrary: fc.string() },
          ),
          // Any text, control characters included (a NUL must not be a 503).
          [SUBMISSION_ID_FIELD]: fc.oneof(fc.uuid(), anyTextArb),
        }),
      );
      // Count both outcomes, so the property is known to have seen stored rows and refusals.
      const seen = { stored: 0, refused: 0 };
      await fc.assert(
        fc.asyncProperty(record, async (fields) => {
          const before = await countAll();
          const { status } = await send(fields as Record<string, string>);
          expect([200, 400]).toContain(status);
          const after = await countAll();
          expect(after - before).toBeLessThanOrEqual(1);
          if (status === 400) {
            seen.refused += 1;
            expect(after).toBe(before);
          }
          if (after > before) {
            seen.stored += 1;
            const row = await getDatabase()
              .db.selectFrom("contactMessages")
              .selectAll()
              .orderBy("id", "desc")
              .executeTakeFirstOrThrow();
            expect(row.name.length).toBeGreaterThanOrEqual(1);
            expect(row.name.length).toBeLessThanOrEqual(100);
            expect(row.name).toBe(row.name.trim());
            expect(row.email).toMatch(/^[^\s@]+@[^\s@]+$/);
            expect(row.email.length).toBeLessThanOrEqual(254);
            expect(row.subject === null || (row.subject.length >= 1 && row.subject.length <= 150)).toBe(true);
            expect(row.message.trim().length).toBeGreaterThanOrEqual(1);
            expect(row.message.length).toBeLessThanOrEqual(2000);
          }
        }),
        // One valid and one invalid form always run first, so both outcomes are seen on every run.
        { numRuns: 50, examples: [[validMessage()], [validMessage({ email: "not an email" })]] },
      );
      expect(seen.stored).toBeGreaterThan(0);
      expect(seen.refused).toBeGreaterThan(0);
    });
  }
});

it("answers 'Error sending message. Please try again.' and logs when the database is down", async () => {
  const log = vi.spyOn(logger, "error").mockImplementation(() => {});
  const { status, result } = await answer(
    action(args(formPost("/contact", validMessage()), databaseDownContext())),
  );
  expect(status).toBe(503);
  expect(result).toMatchObject({
    status: "error",
    message: m.CONTACT_ERROR,
    values: { name: "Mwila Banda" },
  });
  expect(log).toHaveBeenCalledWith(
    expect.objectContaining({ form: "contact", error: expect.stringContaining("ECONNREFUSED") }),
    "write failed",
  );
});
