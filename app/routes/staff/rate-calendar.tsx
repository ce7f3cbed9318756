import { data, Link } from "react-router";
import { listRateRules } from "~/features/pricing/rates.server.ts";
import { roomTypePrices } from "~/features/stays/rooms.server.ts";
import { addDays, addYears, formatDisplayDate, lodgeToday } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import { isoWeekday, quoteStay, type QuotedNight } from "~/features/pricing/rates.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/rate-calendar";

// One room type's price for every night of the next 12 months and the rule that set it: a month
// per table, weeks from Monday.

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const [rules, prices] = await Promise.all([listRateRules(db), roomTypePrices(db)]);
  const base = prices.get(params.roomType);
  if (base === undefined) throw data("No room has that type.", { status: 404 });
  const today = lodgeToday();
  const quote = quoteStay(base, rules, params.roomType, today, addYears(today, 1));
  return { roomType: params.roomType, base, nights: quote.nights };
}

const WEEK_HEADINGS = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** The nights by month, each month as weeks of seven cells (null before the first night). */
function months(nights: readonly QuotedNight[]): { title: string; weeks: (QuotedNight | null)[][] }[] {
  const byMonth = new Map<string, QuotedNight[]>();
  for (const night of nights) {
    const key = night.night.slice(0, 7);
    byMonth.set(key, [...(byMonth.get(key) ?? []), night]);
  }
  return [...byMonth.values()].map((list) => {
    const cells: (QuotedNight | null)[] = Array.from({ length: isoWeekday(list[0]!.night) - 1 }, () => null);
    cells.push(...list);
    const weeks: (QuotedNight | null)[][] = [];
    for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
    const [, month, year] = formatDisplayDate(list[0]!.night).split(" ");
    return { title: `${month} ${year}`, weeks };
  });
}

export default function RateCalendar({ loaderData }: Route.ComponentProps) {
  const { roomType, base, nights } = loaderData;
  return (
    <>
      <title>{`Staff: ${roomType} rates`}</title>
      <h1>{roomType}: price of each night</h1>
      <p>
        Base rate {formatKwacha(base)}. Nights set by a rule name it.{" "}
        <Link to="/staff/rates">Back to rates</Link>
      </p>
      <div className="staff-rate-calendar">
        {months(nights).map((month) => (
          <table key={month.title} className="staff-table staff-rate-month">
            <caption>{month.title}</caption>
            <thead>
              <tr>
                {WEEK_HEADINGS.map((day) => (
                  <th key={day} scope="col">
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week, i) => (
                <tr key={i}>
                  {week.map((night, j) =>
                    night ? (
                      <td
                        key={night.night}
                        data-night={night.night}
                        className={night.rule ? "staff-rate-ruled" : undefined}
                      >
                        <span className="staff-rate-day">{Number(night.night.slice(8))}</span>{" "}
                        <strong>{formatKwacha(night.price)}</strong>
                        {night.rule ? <small>{night.rule}</small> : null}
                      </td>
                    ) : (
                      <td key={`empty-${j}`} />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
      <p>Up to {formatDisplayDate(addDays(nights.at(-1)?.night ?? lodgeToday(), 0))}.</p>
    </>
  );
}
