import { data, type RouterContextProvider } from "react-router";
import { getDb } from "~/shared/context.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { logWriteFailure } from "~/shared/db/failures.server.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { NEWSLETTER_ERROR, NEWSLETTER_LINK_INVALID } from "~/shared/messages.ts";

/**
 * The button's POST on a newsletter mail's link page (confirm, unsubscribe): `change` applies the
 * token and says whether it found one; a wrong or used token is 404, a database failure 503.
 */
export async function answerNewsletterLink(
  request: Request,
  context: Readonly<RouterContextProvider>,
  { form, change, done }: { form: string; change: (db: DB, token: string) => Promise<boolean>; done: string },
) {
  // An unreadable form (a truncated multipart body) is the client's mistake: 400, as on every
  // form route, not the 404 of a token that was never read.
  if (request.method === "POST") await readFormBody(request.clone());
  const token = await readToken(request);
  try {
    return (await change(await getDb(context), token))
      ? { ok: true, message: done }
      : data({ ok: false, message: NEWSLETTER_LINK_INVALID }, { status: 404 });
  } catch (error) {
    logWriteFailure(form, error);
    return data({ ok: false, message: NEWSLETTER_ERROR }, { status: 503 });
  }
}

/** The token from the link's query string, else from the form (the button's POST). */
export async function readToken(request: Request): Promise<string> {
  const fromUrl = new URL(request.url).searchParams.get("token");
  if (fromUrl) return fromUrl.slice(0, 200);
  if (request.method !== "POST") return "";
  const form = await request.formData().catch(() => undefined);
  return String(form?.get("token") ?? "").slice(0, 200);
}
