import { data, Form, redirect } from "react-router";
import { Notice } from "~/components/notice.tsx";
import { InputField } from "~/components/form-fields.tsx";
import { clientAddressContext, getDb, siteOriginContext } from "~/context.server.ts";
import { findAccountByEmail } from "~/db/staff-accounts.server.ts";
import { claimLoginAttempt, clearLoginFailures } from "~/db/staff-login-attempts.server.ts";
import { createSession, findLiveSession } from "~/db/staff-sessions.server.ts";
import { STAFF_CONSOLE } from "~/lib/route-handle.ts";
import { signInSchema } from "~/lib/schemas/staff.ts";
import { requireSameOrigin, safeNext, sessionCookie, sessionToken } from "~/lib/staff-auth.server.ts";
import { decoyHash, verifyPassword } from "~/lib/staff-passwords.server.ts";
import { SIGN_IN_FAILED, tooManyAttempts } from "~/lib/staff-rules.ts";
import { hashToken, newToken } from "~/lib/staff-tokens.server.ts";
import { StaffFrame } from "~/components/staff-frame.tsx";
import type { Route } from "./+types/sign-in";
import { readFormBody } from "~/lib/form-body.server.ts";

export const handle = STAFF_CONSOLE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const next = safeNext(new URL(request.url).searchParams.get("next"));
  const token = sessionToken(request);
  if (token && (await findLiveSession(await getDb(context), hashToken(token)))) throw redirect(next);
  return { next };
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const form = await readFormBody(request);
  const next = safeNext(String(form.get("next") ?? ""));
  const parsed = signInSchema.safeParse({ email: form.get("email"), password: form.get("password") });
  const email = String(form.get("email") ?? "").slice(0, 254);
  if (!parsed.success) return data({ error: SIGN_IN_FAILED, email }, { status: 400 });
  const db = await getDb(context);
  const address = context.get(clientAddressContext);
  // The attempt is recorded (as a failure) before the attempts are counted and before the
  // password is checked, so parallel guesses cannot all pass a count none has added to yet.
  const claim = await claimLoginAttempt(db, parsed.data.email, address);
  if (!claim.allowed) return data({ error: tooManyAttempts(claim.waitMinutes), email }, { status: 429 });
  const account = await findAccountByEmail(db, parsed.data.email);
  // An unknown address costs the same hashing time as a known one, and reads the same.
  const hash = account?.passwordHash ?? (await decoyHash());
  const matches = await verifyPassword(parsed.data.password, hash);
  if (!account || !account.passwordHash || account.disabledAt || !matches) {
    return data({ error: SIGN_IN_FAILED, email }, { status: 401 });
  }
  await clearLoginFailures(db, parsed.data.email);
  const token = newToken();
  await createSession(db, account.id, hashToken(token));
  return redirect(next, { headers: { "Set-Cookie": sessionCookie(token, context.get(siteOriginContext)) } });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <StaffFrame>
      <title>Staff sign-in</title>
      <div className="staff-narrow">
        <h1>Staff sign-in</h1>
        {actionData?.error ? <Notice tone="error">{actionData.error}</Notice> : null}
        <Form method="post" className="staff-form">
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
          <button type="submit" className="btn btn--primary">
            Sign in
          </button>
        </Form>
        <p className="staff-muted">Forgot your password? Ask a manager for a reset link.</p>
      </div>
    </StaffFrame>
  );
}
