import { data } from "react-router";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { DismissibleNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { StaffForm, SubmitButton, useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { staffWrite } from "~/features/staff/staff-submissions.server.ts";
import type { SignedInStaff } from "~/features/staff/staff-sessions.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import { siteOriginContext } from "~/shared/context.server.ts";
import {
  inviteStaff,
  issuePasswordReset,
  listStaffAccounts,
  setAccountDisabled,
} from "~/features/staff/staff-accounts.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import { accountsFormSchema } from "~/features/staff/staff-schemas.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import { oneTimeLink } from "~/features/staff/staff-runtime.server.ts";
import { hashToken, newToken } from "~/features/staff/staff-tokens.server.ts";
import type { Route } from "./+types/accounts";

// Accounts (managers only). No one signs themselves up: a manager adds an account and hands its
// person the invitation link, shown once here (only its hash is stored). Disabling an account
// signs it out everywhere; a reset link lets its person choose a new password.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request, context, { role: "manager" });
  const [accounts, audit] = await Promise.all([
    listStaffAccounts(db),
    listAudit(db, ["account"], readAuditPage(new URL(request.url).searchParams)),
  ]);
  return {
    me: staff.accountId,
    accounts,
    audit: audit.entries,
    changes: { page: audit.page, hasOlder: audit.hasOlder },
  };
}

interface AccountsAnswer {
  tone: "success" | "error";
  message: string;
  link?: string;
}

function answer(value: AccountsAnswer, status = 200) {
  return data<AccountsAnswer>(value, { status });
}

export function action({ request, context }: Route.ActionArgs) {
  const origin = context.get(siteOriginContext);
  // A new link is kept with the notice only until the page after the redirect has shown it once.
  return staffWrite(request, context, { role: "manager" }, (db, staff, sent) =>
    change(db, staff, origin, sent),
  );
}

async function change(db: DB, staff: SignedInStaff, origin: string, sent: FormData) {
  const parsed = parseForm(accountsFormSchema, sent);
  if (!parsed.ok)
    return answer({ tone: "error", message: String(Object.values(parsed.fieldErrors)[0]) }, 400);
  const form = parsed.data;
  if (form.intent === "invite") {
    const token = newToken();
    const result = await inviteStaff(db, staff.accountId, form, hashToken(token));
    if (result.kind === "email-taken")
      return answer({ tone: "error", message: "An account already has this e-mail address." }, 409);
    return answer({
      tone: "success",
      message: `Account added for ${form.name}. Give them this link (shown only now; it works once, within 24 hours):`,
      link: oneTimeLink(origin, token),
    });
  }
  if (form.accountId === staff.accountId && form.intent === "disable")
    return answer({ tone: "error", message: "You cannot disable your own account." }, 409);
  if (form.intent === "reset") {
    const token = newToken();
    if (!(await issuePasswordReset(db, staff.accountId, form.accountId, hashToken(token))))
      return answer({ tone: "error", message: "That account does not exist or is disabled." }, 404);
    return answer({
      tone: "success",
      message: "Password reset link (shown only now; it works once, within an hour):",
      link: oneTimeLink(origin, token),
    });
  }
  const done = await setAccountDisabled(db, staff.accountId, form.accountId, form.intent === "disable");
  if (!done) return answer({ tone: "error", message: "That account does not exist." }, 404);
  return answer({
    tone: "success",
    message: form.intent === "disable" ? "Account disabled." : "Account enabled.",
  });
}

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const { me, accounts, audit, changes } = loaderData;
  const notice = useStaffNotice(actionData);
  return (
    <>
      <title>Staff: accounts</title>
      <h1>Accounts</h1>
      <p>
        <CsvDownload list="accounts" label="Download accounts as CSV" />
      </p>
      {notice ? (
        <DismissibleNotice tone={notice.tone} of={notice}>
          <p>{notice.message}</p>
          {notice.link ? (
            <p>
              <code className="staff-link">{notice.link}</code>
            </p>
          ) : null}
        </DismissibleNotice>
      ) : null}
      <div className="staff-table-wrap">
        <table className="staff-table">
          <caption className="visually-hidden">Staff accounts</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">State</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td>{account.name}</td>
                <td>{account.email}</td>
                <td>{account.role}</td>
                <td>{account.disabledAt ? "Disabled" : account.hasPassword ? "Active" : "Invited"}</td>
                <td>
                  <div className="staff-actions">
                    {account.id === me ? null : (
                      <StaffForm method="post">
                        <input type="hidden" name="accountId" value={account.id} />
                        <SubmitButton
                          pending="Saving…"
                          name="intent"
                          value={account.disabledAt ? "enable" : "disable"}
                          className="btn btn--outline btn--small"
                          aria-label={`${account.disabledAt ? "Enable" : "Disable"} ${account.name}`}
                        >
                          {account.disabledAt ? "Enable" : "Disable"}
                        </SubmitButton>
                      </StaffForm>
                    )}
                    {account.disabledAt ? null : (
                      <StaffForm method="post">
                        <input type="hidden" name="accountId" value={account.id} />
                        <SubmitButton
                          pending="Making a link…"
                          name="intent"
                          value="reset"
                          className="btn btn--outline btn--small"
                          aria-label={`Reset password of ${account.name}`}
                        >
                          Reset password
                        </SubmitButton>
                      </StaffForm>
                    )}
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <section aria-labelledby="add-account">
        <h2 id="add-account">Add an account</h2>
        <StaffForm method="post" className="staff-form staff-form--grid" resetOnSuccess>
          <input type="hidden" name="intent" value="invite" />
          <InputField name="name" label="Name" required maxLength={100} />
          <InputField name="email" label="E-mail address" type="email" required />
          <SelectField name="role" label="Role" required defaultValue="reception">
            <option value="reception">Reception: requests, today, room board</option>
            <option value="manager">Manager: also prices, venues, accounts</option>
            <option value="housekeeping">Housekeeping: the housekeeping list only</option>
          </SelectField>
          <SubmitButton className="btn btn--primary" pending="Adding…">
            Add and show invitation link
          </SubmitButton>
        </StaffForm>
      </section>
      <StaffChanges
        id="account-changes"
        entries={audit}
        {...changes}
        href={(to) =>
          to > 1 ? `/staff/accounts?changes=${to}#account-changes` : "/staff/accounts#account-changes"
        }
      />
    </>
  );
}
