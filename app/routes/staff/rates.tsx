import { data, Link, useLocation } from "react-router";
import { AnswerNotice } from "~/features/staff/components/staff-dismissible-notice.tsx";
import { useStaffNotice } from "~/features/staff/components/staff-form.tsx";
import { StaffChanges } from "~/features/staff/components/staff-changes.tsx";
import { writeOnce } from "~/features/staff/staff-submissions.server.ts";
import {
  createRateRule,
  createRateRules,
  createStayRule,
  deleteRule,
  getRateRule,
  getStayRule,
  listRateRules,
  listStayRules,
  listTypeOccupancy,
  setTypeOccupancy,
  updateRateRule,
  updateStayRule,
} from "~/features/pricing/rates.server.ts";
import {
  OccupancyForm,
  RateRuleForm,
  ruleFill,
  SeasonForm,
  StayRuleForm,
  type EditedRule,
  type PreviewRow,
  type RulesFormAnswer,
} from "~/features/pricing/components/rate-rule-forms.tsx";
import { RulePreview, RulesTable } from "~/features/pricing/components/rules-table.tsx";
import { roomTypePrices } from "~/features/stays/rooms.server.ts";
import { listAudit, readAuditPage } from "~/features/staff/staff-audit.server.ts";
import type { DB } from "~/shared/db/client.server.ts";
import { addDays, formatDisplayDate, lodgeToday, nightsBetween } from "~/shared/dates.ts";
import { readFormBody } from "~/shared/forms/form-body.server.ts";
import { formatKwacha } from "~/shared/money.ts";
import {
  RATE_PRECEDENCE,
  rateRuleEffect,
  quoteStay,
  STAY_RULE_PRECEDENCE,
  stayRuleTexts,
  weekdaysText,
  type RateRule,
} from "~/features/pricing/rates.ts";
import { parseForm } from "~/shared/forms/form-data.ts";
import {
  occupancySchema,
  rateRuleSchema,
  rulesFormInput,
  seasonSchema,
  stayRuleSchema,
} from "~/features/pricing/rates-schemas.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/rates";

// Rates and stay rules (managers; decisions.md 31): the rules by date range, room types
// and weekdays, their precedence, a preview of a new or edited rule's effect before it is saved,
// a season's price per room type in one form, and links to each room type's 12-month calendar.
// Base rates stay on 'Rooms and venues'. Every write goes through `writeOnce`: sent twice, it is
// made once, and a success answers with a redirect to the page (post/redirect/get).

/** Nights a preview lists at most per room type (the calendar shows the whole year). */
const PREVIEW_NIGHTS = 62;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const url = new URL(request.url);
  const edit = readEdit(url);
  const [rateRules, stayRules, prices, occupancy, audit] = await Promise.all([
    listRateRules(db),
    listStayRules(db),
    roomTypePrices(db),
    listTypeOccupancy(db),
    listAudit(db, ["rates"], readAuditPage(url.searchParams)),
  ]);
  // The rule an Edit link names, for its form; gone (removed meanwhile): the page says so.
  const edited = edit && (edit.kind === "rate" ? rateRules : stayRules).find((rule) => rule.id === edit.id);
  const editing = edit && edited ? { kind: edit.kind, rule: edited } : null;
  const types = [...prices.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([type, price]) => ({ type, price }));
  return {
    rateRules,
    stayRules,
    types,
    occupancy,
    editing,
    editGone: edit !== null && !edited,
    today: lodgeToday(),
    audit: audit.entries,
    changes: { page: audit.page, hasOlder: audit.hasOlder },
  };
}

/** The rule `?edit=rate-12` or `?edit=stay-3` names, for its form. */
function readEdit(url: URL): { kind: "rate" | "stay"; id: number } | null {
  const match = /^(rate|stay)-([1-9][0-9]{0,9})$/.exec(url.searchParams.get("edit") ?? "");
  return match ? { kind: match[1] as "rate" | "stay", id: Number(match[2]) } : null;
}

type Answer = RulesFormAnswer;
const answer = (body: Answer, status = 200) => data<Answer>(body, { status });
const GONE: Answer = { tone: "error", message: "That rule no longer exists." };

/** The rule a form's hidden `id` names (an edit), read again: the browser's copy is not trusted. */
function formId(form: FormData): number | null {
  const id = Number(form.get("id"));
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}

export async function action({ request, context }: Route.ActionArgs) {
  const manager = await requireStaff(request, context, { role: "manager" });
  const form = await readFormBody(request);
  // A preview writes nothing: it is answered in place, not redirected.
  if (form.get("intent") === "preview-rate") return previewRateRule(manager.db, form);
  return writeOnce({ ...manager, request, form }, (trx) => writeRules(trx, manager.staff.accountId, form));
}

async function writeRules(db: DB, staffAccountId: number, form: FormData) {
  const intent = form.get("intent");
  const input = rulesFormInput(form);
  const today = lodgeToday();
  const refused = (
    kind: "rate" | "stay" | "season" | "occupancy",
    message: string,
    fieldErrors: Answer["fieldErrors"],
    editing?: EditedRule,
  ) => answer({ tone: "error", message, form: kind, editing, fieldErrors, values: input }, 400);

  if (intent === "add-rate" || intent === "update-rate") {
    const id = intent === "update-rate" ? formId(form) : null;
    const before = id === null ? undefined : await getRateRule(db, id);
    if (intent === "update-rate" && !before) return answer(GONE, 404);
    const editing = before && { id: before.id, name: before.name };
    const parsed = parseForm(rateRuleSchema({ today, keptStartsOn: before?.startsOn }), input);
    if (!parsed.ok) return refused("rate", "Please check the rule.", parsed.fieldErrors, editing);
    if (!before) {
      const rule = await createRateRule(db, parsed.data, staffAccountId);
      return { tone: "success" as const, message: `Rate rule '${rule.name}' saved.` };
    }
    const rule = await updateRateRule(db, before.id, parsed.data, staffAccountId);
    return rule ? { tone: "success" as const, message: changed("Rate", rule.name) } : answer(GONE, 404);
  }

  if (intent === "add-stay" || intent === "update-stay") {
    const id = intent === "update-stay" ? formId(form) : null;
    const before = id === null ? undefined : await getStayRule(db, id);
    if (intent === "update-stay" && !before) return answer(GONE, 404);
    const editing = before && { id: before.id, name: before.name };
    const parsed = parseForm(stayRuleSchema({ today, keptStartsOn: before?.startsOn }), input);
    if (!parsed.ok) return refused("stay", "Please check the stay rule.", parsed.fieldErrors, editing);
    if (!before) {
      const rule = await createStayRule(db, parsed.data, staffAccountId);
      return { tone: "success" as const, message: `Stay rule '${rule.name}' saved.` };
    }
    const rule = await updateStayRule(db, before.id, parsed.data, staffAccountId);
    return rule ? { tone: "success" as const, message: changed("Stay", rule.name) } : answer(GONE, 404);
  }

  if (intent === "add-season") {
    const types = [...(await roomTypePrices(db)).keys()].sort((a, b) => a.localeCompare(b));
    const parsed = parseForm(seasonSchema({ today }, types), input);
    if (!parsed.ok) return refused("season", "Please check the season.", parsed.fieldErrors);
    const { prices, ...season } = parsed.data;
    const rules = await createRateRules(
      db,
      prices.map(({ type, price }) => ({
        ...season,
        roomTypes: [type],
        kind: "fixed" as const,
        value: price,
      })),
      staffAccountId,
    );
    const count = rules.length === 1 ? "1 rate rule" : `${rules.length} rate rules, one per room type`;
    return { tone: "success" as const, message: `Season '${season.name}' saved as ${count}.` };
  }

  if (intent === "set-occupancy") {
    const parsed = parseForm(occupancySchema, input);
    if (!parsed.ok) return refused("occupancy", "Please check the occupancy.", parsed.fieldErrors);
    const { roomType, ...occupancy } = parsed.data;
    const rooms = await setTypeOccupancy(db, roomType, occupancy, staffAccountId);
    if (rooms === 0)
      return refused("occupancy", "Please check the occupancy.", { roomType: "No room has that type." });
    return {
      tone: "success" as const,
      message: `${roomType}: occupancy saved for ${rooms === 1 ? "1 room" : `${rooms} rooms`}. Requests already made keep their prices.`,
    };
  }

  if (intent === "delete-rate" || intent === "delete-stay") {
    const id = formId(form);
    const removed =
      id !== null &&
      (await deleteRule(db, intent === "delete-rate" ? "rate-rule" : "stay-rule", id, staffAccountId));
    return removed
      ? { tone: "success" as const, message: "Rule removed. Requests already made keep their prices." }
      : answer(GONE, 404);
  }
  return answer({ tone: "error", message: "Unknown action." }, 400);
}

function changed(kind: "Rate" | "Stay", name: string): string {
  return `${kind} rule '${name}' changed. Requests already made keep their prices.`;
}

/** The nights a new or edited rate rule covers, their price now and with it; nothing is saved. */
async function previewRateRule(db: DB, form: FormData) {
  const input = rulesFormInput(form);
  const id = form.has("id") ? formId(form) : null;
  const before = id === null ? undefined : await getRateRule(db, id);
  if (form.has("id") && !before) return answer(GONE, 404);
  const editing = before && { id: before.id, name: before.name };
  const parsed = parseForm(rateRuleSchema({ today: lodgeToday(), keptStartsOn: before?.startsOn }), input);
  if (!parsed.ok) {
    return answer(
      {
        tone: "error",
        message: "Please check the rule.",
        form: "rate",
        editing,
        fieldErrors: parsed.fieldErrors,
        values: input,
      },
      400,
    );
  }
  const [saved, prices] = await Promise.all([listRateRules(db), roomTypePrices(db)]);
  // An edited rule is previewed in its own place, instead of the rule as it is now.
  const rules = saved.filter((rule) => rule.id !== before?.id);
  const draft: RateRule = { ...parsed.data, id: before?.id ?? Number.MAX_SAFE_INTEGER };
  const preview = [...prices.entries()]
    .filter(([type]) => draft.roomTypes.length === 0 || draft.roomTypes.includes(type))
    .map(([type, base]): PreviewRow => {
      const count = nightsBetween(draft.startsOn, addDays(draft.endsOn, 1));
      const until = addDays(draft.startsOn, Math.min(count, PREVIEW_NIGHTS));
      const now = quoteStay(base, saved, type, draft.startsOn, until).nights;
      const after = quoteStay(base, [...rules, draft], type, draft.startsOn, until).nights;
      return {
        type,
        nights: after.map((night, i) => ({
          night: night.night,
          before: now[i]?.price ?? night.price,
          after: night.price,
          rule: night.rule,
        })),
        more: Math.max(0, count - PREVIEW_NIGHTS),
      };
    });
  return answer({
    tone: "success",
    message: "Preview: not saved yet.",
    form: "rate",
    editing,
    values: input,
    preview,
  });
}

/** A rule's own supplements, or that it keeps the room type's. */
function ruleSupplements(rule: RateRule): string {
  const own = (value: number | null | undefined) => (value == null ? "room type's" : formatKwacha(value));
  if (rule.adultSupplement == null && rule.childSupplement == null) return "Room type's";
  return `Extra adult ${own(rule.adultSupplement)}, child ${own(rule.childSupplement)}`;
}

function types(roomTypes: readonly string[]): string {
  return roomTypes.length === 0 ? "All room types" : roomTypes.join(", ");
}

function period(rule: { startsOn: string; endsOn: string }): string {
  return `${formatDisplayDate(rule.startsOn)} to ${formatDisplayDate(rule.endsOn)}`;
}

export default function Rates({ loaderData, actionData }: Route.ComponentProps) {
  const {
    rateRules,
    stayRules,
    types: roomTypes,
    occupancy,
    editing,
    editGone,
    today,
    audit,
    changes,
  } = loaderData;
  const location = useLocation();
  const notice = useStaffNotice(actionData);
  // A form's refusal or preview shows at that form; the page's notice is the rest (a saved or
  // removed rule, a rule no longer there): each answer shows once.
  const formAnswer = notice?.form ? notice : undefined;
  const pageNotice = notice && !notice.form ? notice : editGone ? GONE : undefined;
  const answerOf = (kind: "rate" | "stay" | "season" | "occupancy") =>
    formAnswer?.form === kind ? formAnswer : undefined;
  // The form an answer is for shows what was typed; else an edited rule's values; else nothing.
  // Each answer or page (a new location) fills its forms afresh.
  const formProps = (kind: "rate" | "stay" | "season") => {
    const own = answerOf(kind);
    const edited = !formAnswer && kind !== "season" && editing?.kind === kind ? editing.rule : undefined;
    return {
      roomTypes,
      today,
      answer: own,
      editing: own ? own.editing : edited && { id: edited.id, name: edited.name },
      fill: own?.values ?? (edited ? ruleFill(edited) : {}),
      formKey: `${kind}-${location.key}`,
    };
  };
  const rateForm = formProps("rate");

  return (
    <div className="staff-rates">
      <title>Staff: rates and stay rules</title>
      <h1>Rates and stay rules</h1>
      <AnswerNotice answer={pageNotice} />

      <section aria-labelledby="precedence">
        <h2 id="precedence">How a night is priced</h2>
        <ol>
          {RATE_PRECEDENCE.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ol>
        <p>
          Base rates per room type:{" "}
          {roomTypes.map(({ type, price }, i) => (
            <span key={type}>
              {i > 0 ? ", " : ""}
              <Link to={`/staff/rates/${encodeURIComponent(type)}`}>
                {type} {formatKwacha(price)}
              </Link>
            </span>
          ))}{" "}
          (each links to its calendar of the next 12 months; change base rates on{" "}
          <Link to="/staff/rooms">Rooms and venues</Link>).
        </p>
      </section>

      <section aria-labelledby="occupancy">
        <h2 id="occupancy">Occupancy</h2>
        <p>
          A room type&apos;s base rate covers a number of adults; each adult beyond them and each child pays a
          supplement a night, for the base rate and for any rule that does not set its own.
        </p>
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">Room type</th>
              <th scope="col">Adults covered</th>
              <th scope="col">Extra adult a night</th>
              <th scope="col">Child a night</th>
            </tr>
          </thead>
          <tbody>
            {occupancy.map((row) => (
              <tr key={row.type}>
                <th scope="row">{row.type}</th>
                <td>{row.coveredAdults}</td>
                <td>{formatKwacha(row.adultSupplement)}</td>
                <td>{formatKwacha(row.childSupplement)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <OccupancyForm
          roomTypes={roomTypes}
          answer={answerOf("occupancy")}
          fill={answerOf("occupancy")?.values ?? {}}
          formKey={`occupancy-${location.key}`}
        />
      </section>

      <section aria-labelledby="rate-rules">
        <h2 id="rate-rules">Rate rules</h2>
        <RulesTable
          kind="rate"
          rules={rateRules}
          empty="No rate rules: every night is the base rate."
          columns={{
            "Room types": (rule) => types(rule.roomTypes),
            Nights: period,
            Weekdays: (rule) => weekdaysText(rule.weekdays),
            Price: rateRuleEffect,
            Supplements: ruleSupplements,
          }}
        />
        <RateRuleForm {...rateForm} />
        {rateForm.answer?.preview ? (
          <RulePreview
            rows={rateForm.answer.preview}
            save={rateForm.editing ? "Save changes" : "Save rule"}
          />
        ) : null}
        <SeasonForm {...formProps("season")} />
      </section>

      <section aria-labelledby="stay-rules">
        <h2 id="stay-rules">Stay rules</h2>
        <p>{STAY_RULE_PRECEDENCE}</p>
        <RulesTable
          kind="stay"
          rules={stayRules}
          empty="No stay rules: any stay of one night or more is accepted."
          columns={{
            "Room types": (rule) => types(rule.roomTypes),
            "Guests read": (rule) => stayRuleTexts(rule).join("; "),
          }}
        />
        <StayRuleForm {...formProps("stay")} />
      </section>

      <StaffChanges
        id="changes"
        entries={audit}
        {...changes}
        href={(to) => (to > 1 ? `/staff/rates?changes=${to}#changes` : "/staff/rates#changes")}
      />
    </div>
  );
}
