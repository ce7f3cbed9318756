import { rmSync } from "node:fs";
import { data, redirect } from "react-router";
import { DismissibleNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton } from "~/features/staff/components/staff-form.tsx";
import { InputField } from "~/shared/forms/form-fields.tsx";
import { getDb, siteOriginContext, staffSetupFileContext } from "~/shared/context.server.ts";
import { findUsableToken, spendStaffToken } from "~/features/staff/staff-accounts.server.ts";
import { createSession } from "~/features/staff/staff-sessions.server.ts";
import { STAFF_CONSOLE } from "~/shared/page-cache/route-handle.ts";
import { firstManagerSchema, setPasswordSchema } from "~/features/staff/staff-schemas.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import {
  requireSameOrigin,
  sessionCookies,
  whileDatabaseAnswers,
} from "~/features/staff/staff-auth.server.ts";
import { hashPassword } from "~/features/staff/staff-passwords.server.ts";
import { LINK_INVALID, PASSWORD_MIN_LENGTH } from "~/features/staff/staff-rules.ts";
import { hashToken, looksLikeToken, newToken } from "~/features/staff/staff-tokens.server.ts";
import { StaffFrame } from "~/features/staff/components/staff-frame.tsx";
import type { Route } from "./+types/set-password";
import { readFormBody } from "~/shared/forms/form-body.server.ts";

// The page every one-time link opens (docs/decisions/0011-staff-sign-in.md): the setup link
// creates the first manager; an invitation or a reset sets the account's password. The link
// works once; afterwards the person is signed in.

export const handle = STAFF_CONSOLE;

async function pending(context: Route.LoaderArgs["context"], token: unknown) {
  if (!looksLikeToken(token)) return undefined;
  return whileDatabaseAnswers("staff one-time link", async () =>
    findUsableToken(await getDb(context), hashToken(token)),
  );
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const found = await pending(context, token);
  if (!found) return { token: "", purpose: null, account: null };
  return { token, purpose: found.purpose, account: found.account };
}

interface SetPasswordAnswer {
  error: string | null;
  fieldErrors: Record<string, string | undefined>;
}

function answer(error: string | null, fieldErrors: SetPasswordAnswer["fieldErrors"] = {}): SetPasswordAnswer {
  return { error, fieldErrors };
}

function invalid(fieldErrors: SetPasswordAnswer["fieldErrors"], status = 400) {
  return data(answer(null, fieldErrors), { status });
}

export async function action({ request, context }: Route.ActionArgs) {
  requireSameOrigin(request, context);
  const form = await readFormBody(request);
  const token = form.get("token");
  const found = await pending(context, token);
  if (!found || typeof token !== "string") return data(answer(LINK_INVALID), { status: 410 });
  let password: string;
  let first: { email: string; name: string } | undefined;
  if (found.purpose === "setup") {
    const parsed = parseForm(firstManagerSchema, form);
    if (!parsed.ok) return invalid(parsed.fieldErrors);
    ({ password } = parsed.data);
    first = { email: parsed.data.email, name: parsed.data.name };
  } else {
    const parsed = parseForm(setPasswordSchema, form);
    if (!parsed.ok) return invalid(parsed.fieldErrors);
    ({ password } = parsed.data);
  }
  const hash = await hashPassword(password);
  const db = await getDb(context);
  const result = await whileDatabaseAnswers("staff set-password", () =>
    spendStaffToken(db, hashToken(token), hash, first),
  );
  if (result.kind === "invalid") return data(answer(LINK_INVALID), { status: 410 });
  if (result.kind === "email-taken")
    return invalid({ email: "An account already has this e-mail address." }, 409);
  if (found.purpose === "setup") {
    const file = context.get(staffSetupFileContext);
    if (file) rmSync(file, { force: true });
  }
  const session = newToken();
  await createSession(db, result.accountId, hashToken(session));
  return redirect("/staff", {
    headers: sessionCookies(session, context.get(siteOriginContext)),
  });
}

const TITLES = {
  setup: "Create the first manager account",
  invitation: "Choose your password",
  reset: "Choose a new password",
} as const;

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { token, purpose, account } = loaderData;
  const errors: SetPasswordAnswer["fieldErrors"] = actionData?.fieldErrors ?? {};
  const title = purpose ? TITLES[purpose] : "Link not valid";
  return (
    <StaffFrame>
      <title>{`Staff: ${title}`}</title>
      <div className="staff-narrow">
        <h1>{title}</h1>
        {actionData?.error ? (
          <DismissibleNotice tone="error" of={actionData}>
            {actionData.error}
          </DismissibleNotice>
        ) : null}
        {purpose ? (
          <StaffForm method="post" className="staff-form">
            <input type="hidden" name="token" value={token} />
            {purpose === "setup" ? (
              <>
                <InputField name="name" label="Your name" autoComplete="name" required error={errors.name} />
                <InputField
                  name="email"
                  label="E-mail address"
                  type="email"
                  autoComplete="username"
                  required
                  error={errors.email}
                />
              </>
            ) : (
              <p>
                Account: {account?.name} ({account?.email})
              </p>
            )}
            <InputField
              name="password"
              label="Password"
              type="password"
              autoComplete="new-password"
              minLength={PASSWORD_MIN_LENGTH}
              required
              hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
              error={errors.password}
            />
            <InputField
              name="confirm"
              label="Password again"
              type="password"
              autoComplete="new-password"
              required
              error={errors.confirm}
            />
            <SubmitButton className="btn btn--primary" pending="Saving…">
              Save and sign in
            </SubmitButton>
          </StaffForm>
        ) : (
          <p>{LINK_INVALID}</p>
        )}
      </div>
    </StaffFrame>
  );
}
