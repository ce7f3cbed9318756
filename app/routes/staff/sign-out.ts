import { redirect } from "react-router";
import { getDb, siteOriginContext } from "~/shared/context.server.ts";
import { revokeSession } from "~/features/staff/staff-sessions.server.ts";
import {
  requireSameOrigin,
  SIGN_IN_PATH,
  sessionCookies,
  sessionToken,
  whileDatabaseAnswers,
} from "~/features/staff/staff-auth.server.ts";
import { hashToken } from "~/features/staff/staff-tokens.server.ts";
import type { Route } from "./+types/sign-out";

// Sign-out ends the session in the database, not only in the browser: a copied cookie is useless
// afterwards. It works whether or not the session is still live.

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const token = sessionToken(request);
  if (token)
    await whileDatabaseAnswers("staff sign-out", async () =>
      revokeSession(await getDb(context), hashToken(token)),
    );
  return redirect(SIGN_IN_PATH, {
    headers: sessionCookies(null, context.get(siteOriginContext)),
  });
}

export function loader() {
  return redirect(SIGN_IN_PATH);
}
