import { sql, type Transaction } from "kysely";
import { data, redirect, type RouterContextProvider } from "react-router";
import type { DB } from "~/shared/db/client.server.ts";
import type { Database, StaffRole } from "~/shared/db/schema.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { formDataToObject } from "~/shared/forms/form-data.ts";
import { MALFORMED, submissionKey } from "~/shared/forms/form-submission.server.ts";
import { FORM_UNREADABLE } from "~/shared/messages.ts";
import { requireStaff } from "./staff-auth.server.ts";
import type { SignedInStaff } from "./staff-sessions.server.ts";

/**
 * Every console form that writes is safe to send twice, and answers by post/redirect/get.
 *
 * How to use, in a console route:
 *
 * 1. The page posts with `<StaffForm>` (components/staff-form.tsx): it renders the hidden
 *    submission id itself, one per rendered form, new after each successful post. Nothing to add.
 * 2. The action hands its write to `staffWrite` (the signed-in staff member, the posted form, then
 *    `writeOnce`), which gives it `db` inside one transaction:
 *
 *        export function action({ request, context }: Route.ActionArgs) {
 *          return staffWrite(request, context, { role: "manager" }, (db, staff, form) =>
 *            saveTheThing(db, staff, form),
 *          );
 *        }
 *
 *    (`writeOnce({ db, staff, request, form }, (db) => …)` is the same, for an action that has
 *    read them itself.)
 *
 *    The write answers a notice (`{ tone, message, ... }`, plain or with `data(notice, { status })`)
 *    and uses the `db` it is given for every read and write (its own `db.transaction()` calls
 *    become savepoints of the one transaction). A success (tone "success", status below 400) is
 *    kept with the submission's key in that same transaction, and the action answers 303 to the
 *    page it was posted from, with `?notice=<id>`. Anything else (400 with messages beside the
 *    fields, 409…) rolls the whole write back and is answered as it is, as before.
 * 3. The page shows `useStaffNotice(actionData)` (components/staff-form.tsx) where it showed
 *    `actionData`: the refusal just answered, else the notice the redirect carries, which the
 *    console's layout reads with `readStaffNotice`.
 *
 * The same form sent again (a double click, a reload that posts again) carries the same key (the
 * form's id and a hash of its fields: `submissionKey`, as the public forms): the database's unique
 * key refuses the second row, nothing is written, and the answer is the first one's redirect, to
 * the same page and the same notice. A post without an id is written and redirected, unguarded.
 */
export async function writeOnce<N extends StaffAnswer>(
  { db, staff, request, form }: { db: DB; staff: SignedInStaff; request: Request; form: FormData },
  write: (db: DB) => Promise<N | DataWithResponseInit<N>>,
): Promise<N | DataWithResponseInit<N> | Response> {
  const values = Object.fromEntries(
    Object.entries(formDataToObject(form)).map(([name, value]) => [name, String(value)]),
  );
  const key = submissionKey(form, values);
  // No form of ours sends such an id: the client's mistake, answered as an unreadable form is.
  if (key === MALFORMED) throw data(FORM_UNREADABLE, { status: 400, statusText: "Bad Request" });
  const location = pageOf(request);
  // Without an id (no form of ours) the write is kept under a key of its own, unguarded.
  const rowKey = key ?? `unguarded.${crypto.randomUUID()}`;
  let refused: N | DataWithResponseInit<N> | undefined;
  try {
    const answer = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("staffSubmissions")
        .values({ key: rowKey, staffAccountId: staff.accountId, location })
        .onConflict((conflict) => conflict.column("key").doNothing())
        .returning("id")
        .executeTakeFirst();
      // Sent before: the first one's row (committed; a second sent at the same moment waited here).
      if (!row) return firstAnswer(trx, rowKey);
      const written = await write(insideTransaction(trx));
      const { notice, status } = readAnswer(written);
      if (notice.tone !== "success" || status >= 400) {
        refused = written;
        throw ROLLBACK;
      }
      await trx
        .updateTable("staffSubmissions")
        .set({ notice: JSON.stringify(notice) })
        .where("id", "=", row.id)
        .execute();
      // Old rows go, this account's only (no wait on another's writes): a repeat comes within seconds.
      await trx
        .deleteFrom("staffSubmissions")
        .where("staffAccountId", "=", staff.accountId)
        .where("createdAt", "<", sql<Date>`now() - interval '30 days'`)
        .execute();
      return { location, id: String(row.id) };
    });
    return redirect(withNotice(answer.location, answer.id), 303);
  } catch (error) {
    if (error === ROLLBACK && refused !== undefined) return refused;
    throw error;
  }
}

/**
 * A console action that writes: the signed-in staff member (of `role`, if given), the posted
 * form, and the write, once per submission (`writeOnce`).
 */
export async function staffWrite<N extends StaffAnswer>(
  request: Request,
  context: Readonly<RouterContextProvider>,
  access: { role?: StaffRole },
  write: (db: DB, staff: SignedInStaff, form: FormData) => Promise<N | DataWithResponseInit<N>>,
): Promise<N | DataWithResponseInit<N> | Response> {
  const { db, staff } = await requireStaff(request, context, access);
  const form = await readFormBody(request);
  return writeOnce({ db, staff, request, form }, (trx) => write(trx, staff, form));
}

/** What a console write answers: shown as the page's notice. */
interface StaffAnswer {
  tone: "success" | "error";
  message: string;
}

/** The query parameter that carries the notice of a write just made to the page it redirects to. */
const NOTICE_PARAM = "notice";

/**
 * The notice of the write the address names (`?notice=`), this staff member's own, else null.
 * A one-time link it carries (an invitation) is shown once: it is taken out of the stored notice
 * as it is read.
 */
export async function readStaffNotice(
  db: DB,
  staff: SignedInStaff,
  request: Request,
): Promise<Record<string, unknown> | null> {
  const id = new URL(request.url).searchParams.get(NOTICE_PARAM) ?? "";
  if (!/^[1-9][0-9]{0,17}$/.test(id)) return null;
  const row = await db
    .selectFrom("staffSubmissions")
    .select("notice")
    .where("id", "=", id as never)
    .where("staffAccountId", "=", staff.accountId)
    .executeTakeFirst();
  if (!row || typeof row.notice.message !== "string") return null;
  if ("link" in row.notice) {
    const { link: _link, ...kept } = row.notice;
    await db
      .updateTable("staffSubmissions")
      .set({ notice: JSON.stringify(kept) })
      .where("id", "=", id as never)
      .execute();
  }
  return row.notice;
}

type DataWithResponseInit<N> = ReturnType<typeof data<N>>;

const ROLLBACK = Symbol("rolled back: the write was refused");

async function firstAnswer(trx: Transaction<Database>, key: string) {
  const row = await trx
    .selectFrom("staffSubmissions")
    .select(["id", "location"])
    .where("key", "=", key)
    .executeTakeFirstOrThrow();
  return { location: row.location, id: String(row.id) };
}

function readAnswer<N extends StaffAnswer>(
  answer: N | DataWithResponseInit<N>,
): { notice: N; status: number } {
  if (isDataWithInit(answer)) return { notice: answer.data, status: answer.init?.status ?? 200 };
  return { notice: answer, status: 200 };
}

function isDataWithInit<N>(value: N | DataWithResponseInit<N>): value is DataWithResponseInit<N> {
  return (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** The page the form was posted from, without the notice of an earlier write. */
function pageOf(request: Request): string {
  const url = new URL(request.url);
  // A hydrated console posts by data request (`/staff/desk.data`, `/_.data` for `/`, with
  // `_routes`): the page is the address without them, as React Router reads it.
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.slice(0, -"_.data".length)
    : url.pathname.replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  url.searchParams.delete(NOTICE_PARAM);
  // An index route's own marker (`/staff?index`): the page's address is without it.
  url.searchParams.delete("index");
  const search = url.searchParams.toString();
  return `${pathname}${search ? `?${search}` : ""}`;
}

function withNotice(location: string, id: string): string {
  return `${location}${location.includes("?") ? "&" : "?"}${NOTICE_PARAM}=${id}`;
}

/**
 * The transaction as a `DB` for code written to open its own: its `transaction()` runs the
 * callback in a savepoint of this one, so a nested step that fails (a room taken, caught and
 * answered) leaves the rest usable, and everything commits or rolls back together.
 */
export function insideTransaction(trx: Transaction<Database>): DB {
  let savepoints = 0;
  const nested = {
    setIsolationLevel: () => nested,
    setAccessMode: () => nested,
    async execute<T>(run: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      savepoints += 1;
      const name = sql.id(`staff_write_${savepoints}`);
      await sql`savepoint ${name}`.execute(trx);
      try {
        const result = await run(proxy as unknown as Transaction<Database>);
        await sql`release savepoint ${name}`.execute(trx);
        return result;
      } catch (error) {
        await sql`rollback to savepoint ${name}`.execute(trx);
        throw error;
      }
    },
  };
  const proxy = new Proxy(trx, {
    get(target, property) {
      if (property === "transaction") return () => nested;
      const value: unknown = Reflect.get(target, property, target);
      // Kysely's methods read private fields: they run on the transaction itself.
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return proxy as unknown as DB;
}
