import { data, redirect } from "react-router";
import { DismissibleNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { InputField } from "~/shared/forms/form-fields.tsx";
import { clientAddressContext, getDb, siteOriginContext } from "~/shared/context.server.ts";
import { findAccountByEmail } from "~/features/staff/staff-accounts.server.ts";
import { claimLoginAttempt, clearLoginFailures } from "~/features/staff/staff-login-attempts.server.ts";
import { createSession, findLiveSession } from "~/features/staff/staff-sessions.server.ts";
import { STAFF_CONSOLE } from "~/shared/page-cache/route-handle.ts";
import { signInSchema } from "~/features/staff/staff-schemas.ts";
import {
  requireSameOrigin,
  safeNext,
  sessionCookies,
  sessionToken,
} from "~/features/staff/staff-auth.server.ts";
import { decoyHash, verifyPassword } from "~/features/staff/staff-passwords.server.ts";
import { SIGN_IN_FAILED, SIGN_IN_UNAVAILABLE, tooManyAttempts } from "~/features/staff/staff-rules.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { failureReason, logReadFailure, logWriteFailure } from "~/shared/db/failures.server.ts";
import { REASON_DATABASE_UNAVAILABLE } from "~/shared/messages.ts";
import { hashToken, newToken } from "~/features/staff/staff-tokens.server.ts";
import { StaffFrame } from "~/features/staff/components/staff-frame.tsx";
import type { Route } from "./+types/sign-in";
import { readFormBody } from "~/shared/forms/form-body.server.ts";

export const handle = STAFF_CONSOLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const token = sessionToken(request);
  // While the database does not answer, the form is still shown; sending it says why it fails.
  const live = token
    ? await getDb(context)
        .then((db) => findLiveSession(db, hashToken(token)))
        .catch((error: unknown) => {
          logReadFailure("staff sign-in page", error);
          return undefined;
        })
    : undefined;
  // Signed in already: on to the page, with the cookie as it is set now (a cookie from before the
  // console hydrated does not reach `/staff.data`: sessionCookies).
  if (live && token) throw redirect(next, { headers: sessionCookies(token, context.get(siteOriginContext)) });
  return { next };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const form = await readFormBody(request);
  const next = safeNext(String(form.get("next") ?? ""));
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success) return data({ error: SIGN_IN_FAILED, email }, { status: 400 });
  try {
    return await signIn(await getDb(context), parsed.data, { email, next, context });
  } catch (error) {
    // An outage is a 503 with a message on the page, as on every other form.
    if (failureReason(error) !== REASON_DATABASE_UNAVAILABLE) throw error;
    logWriteFailure("staff-sign-in", error);
    return data({ error: SIGN_IN_UNAVAILABLE, email }, { status: 503 });
  }
}

async function signIn(
  db: DB,
  credentials: { email: string; password: string },
  { email, next, context }: { email: string; next: string; context: Route.ActionArgs["context"] },
) {
  const address = context.get(clientAddressContext);
  // The attempt is recorded (as a failure) before the attempts are counted and before the
  // password is checked, so parallel guesses cannot all pass a count none has added to yet.
  const claim = await claimLoginAttempt(db, credentials.email, address);
  if (!claim.allowed) return data({ error: tooManyAttempts(claim.waitMinutes), email }, { status: 429 });
  const account = await findAccountByEmail(db, credentials.email);
  // An unknown address costs the same hashing time as a known one, and reads the same.
  const hash = account?.passwordHash ?? (await decoyHash());
  const matches = await verifyPassword(credentials.password, hash);
  if (!account || !account.passwordHash || account.disabledAt || !matches) {
    return data({ error: SIGN_IN_FAILED, email }, { status: 401 });
  }
  await clearLoginFailures(db, credentials.email);
  const token = newToken();
  await createSession(db, account.id, hashToken(token));
  return redirect(next, { headers: sessionCookies(token, context.get(siteOriginContext)) });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StaffFrame>
      <title>Staff sign-in</title>
      <div className="staff-narrow">
        <h1>Staff sign-in</h1>
        {actionData?.error ? (
          <DismissibleNotice tone="error" of={actionData}>
            {actionData.error}
          </DismissibleNotice>
        ) : null}
        <StaffForm method="post" className="staff-form">
          <input type="hidden" name="next" value={loaderData.next} />
          <InputField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="username"
            required
            defaultValue={actionData?.email ?? ""}
          />
          <InputField
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
          />
          <SubmitButton className="btn btn--primary" pending="Signing in…">
            Sign in
          </SubmitButton>
        </StaffForm>
        <p className="staff-muted">Forgot your password? Ask a manager for a reset link.</p>
      </div>
    </StaffFrame>
  );
}
