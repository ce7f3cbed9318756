import { TAX_CATEGORY_LABELS } from "~/features/extras/extra-pricing.ts";
import { Form, Link } from "react-router";
import { CsvDownload } from "~/features/staff/components/csv-download.tsx";
import { ReportTable } from "~/features/reports/components/report-table.tsx";
import { InputField, SelectField } from "~/shared/forms/form-fields.tsx";
import {
  CalendarHeatMap,
  HEAT_BANDS,
  Legend,
  LineChart,
  SERIES_COLOURS,
  StackedBars,
} from "~/features/reports/components/report-charts.tsx";
import type { NightFigures } from "~/features/reports/report-queries.server.ts";
import { bucketAxisLabel, bucketLabel, shortDate, tickKwacha } from "~/features/reports/chart-scale.ts";
import { formatDisplayDate, lodgeToday } from "~/shared/dates.ts";
import { formatKwacha } from "~/shared/money.ts";
import {
  changeText,
  formatDecimal,
  formatPercent,
  FORWARD_DAYS,
  formatRate,
  NIGHTS_TABLE_AT_MOST,
  nightsByWeek,
  summaryLines,
  type SummaryFigures,
} from "~/features/reports/report-figures.ts";
import { readReportQuery } from "~/features/reports/report-period.ts";
import { sourceLabel } from "~/features/desk/desk-schema.ts";
import { requireStaff } from "~/features/staff/staff-auth.server.ts";
import type { Route } from "./+types/reports";
import { documentsBetween } from "~/features/fiscal/fiscal-queue.server.ts";
import { fiscalDocumentLine } from "~/features/fiscal/fiscal-document-line.ts";
import { readKeptReportsPage } from "~/features/reports/report-cache.server.ts";

// Reports (decisions.md 35), managers only: how full the lodge was, at what rate, what
// each room type, source and payment method brought, venues, cancellations and no-shows, and the
// month's levy and VAT lines; the coming 90 nights on the books. Charts are SVG drawn here on
// the server beside their tables (ADR 0019); every report downloads as CSV.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, context, { role: "manager" });
  const today = lodgeToday();
  const query = readReportQuery(new URL(request.url).searchParams, today);
  const [page, fiscal] = await Promise.all([
    readKeptReportsPage(db, query, today),
    documentsBetween(db, query.period.from, query.period.until),
  ]);
  return { ...page, fiscal: fiscal.map(fiscalDocumentLine) };
}

const share = (n: Pick<NightFigures, "sold" | "available">) =>
  n.available > 0 ? n.sold / n.available : null;

/** A night heading its row: '16 Jun 2027', the year left to the period's heading on a phone. */
function Night({ iso }: { iso: string }) {
  return (
    <>
      {shortDate(iso)}
      <span className="report-year"> {iso.slice(0, 4)}</span>
    </>
  );
}

function Csv({ list, search, what }: { list: string; search: string; what: string }) {
  return (
    <p className="report-csv">
      <CsvDownload list={list} search={search} label={`Download ${what} as CSV`} />
    </p>
  );
}

function Summary({
  now,
  before,
  label,
  beforeLabel,
}: {
  now: SummaryFigures;
  before: SummaryFigures | null;
  label: string;
  beforeLabel: string | null;
}) {
  const lines = summaryLines(now);
  const beforeLines = before ? summaryLines(before) : null;
  const show = (line: (typeof lines)[number]) =>
    line.kind === "share"
      ? formatPercent(line.value)
      : line.kind === "rate"
        ? formatRate(line.value)
        : line.kind === "kwacha"
          ? formatKwacha(line.value ?? 0)
          : line.kind === "decimal"
            ? formatDecimal(line.value)
            : String(line.value ?? 0);
  return (
    <ReportTable
      caption={`Summary of ${label}`}
      columns={["Figure", label, ...(beforeLabel ? [beforeLabel, "Change"] : [])]}
      rows={lines.map((line, i) => {
        const earlier = beforeLines?.[i];
        return {
          key: line.label,
          head: line.label,
          cells: [
            show(line),
            ...(earlier
              ? [
                  show(earlier),
                  changeText(line.value, earlier.value, line.kind === "share" ? "share" : "amount"),
                ]
              : []),
          ],
        };
      })}
    />
  );
}

function occupancySummary(nights: NightFigures[], figures: SummaryFigures, before: SummaryFigures | null) {
  if (nights.length === 0) return "No nights in this period.";
  const ranked = nights.filter((n) => share(n) !== null);
  const highest = ranked.reduce(
    (a, b) => ((share(b) ?? 0) > (share(a) ?? 0) ? b : a),
    ranked[0] ?? nights[0]!,
  );
  const lowest = ranked.reduce(
    (a, b) => ((share(b) ?? 0) < (share(a) ?? 0) ? b : a),
    ranked[0] ?? nights[0]!,
  );
  const parts = [
    `Occupancy was ${formatPercent(figures.occupancy)} over ${nights.length} nights (${figures.sold} of ${figures.available} room-nights).`,
    `Highest ${formatPercent(share(highest))} on ${formatDisplayDate(highest.night)}; lowest ${formatPercent(share(lowest))} on ${formatDisplayDate(lowest.night)}.`,
  ];
  if (before) parts.push(`A year earlier: ${formatPercent(before.occupancy)}.`);
  return parts.join(" ");
}

/** The period's ZRA tax invoices and credit notes; anything not yet fiscalised is flagged. */
function FiscalReturn({ documents }: { documents: ReturnType<typeof fiscalDocumentLine>[] }) {
  const open = documents.filter((doc) => doc.status !== "sent");
  return (
    <>
      <h3 id="fiscal-heading">ZRA fiscal invoices and credit notes</h3>
      {open.length > 0 ? (
        <p className="report-flag" role="status">
          <strong>
            {open.length} not fiscalised yet ({open.filter((doc) => doc.status === "failed").length} refused
            by the VSDC):
          </strong>{" "}
          see <Link to="/staff/fiscal">ZRA invoices</Link>.
        </p>
      ) : null}
      <ReportTable
        caption="ZRA fiscal invoices and credit notes"
        name="fiscal"
        columns={["No.", "Kind", "Written", "ZRA no.", "Status", "Amount"]}
        empty="No fiscal invoices in this period."
        rows={documents.map((doc) => ({
          key: doc.id,
          head: doc.invoiceNo,
          cells: [
            doc.kindLabel,
            doc.written,
            doc.rcptNo ?? "",
            doc.statusLabel,
            doc.total === null ? "" : formatKwacha(doc.kindLabel === "Credit note" ? -doc.total : doc.total),
          ],
        }))}
      />
    </>
  );
}

export default function Reports({ loaderData }: Route.ComponentProps) {
  const { query, search, links, summary, nights, nightsBefore, roomTypes, bucket, forward, today } =
    loaderData;
  const { period, compareWith, values, fieldErrors } = query;
  const keepCompare = compareWith ? "&compare=1" : "";
  const now = summary.now;
  const typeTotals = roomTypes.types.map((type) => ({
    type,
    revenue: roomTypes.buckets.reduce((sum, b) => sum + (b.byType[type] ?? 0), 0),
  }));
  // Each week or month with the night after its last: the next one's start, or the period's end.
  const buckets = roomTypes.buckets.map((b, i) => {
    const until = roomTypes.buckets[i + 1]?.start ?? period.until;
    return {
      ...b,
      label: bucketLabel(bucket, b.start, until),
      axis: bucketAxisLabel(bucket, b.start, until),
    };
  });
  const bestBucket = buckets.reduce<{ label: string; total: number } | null>((best, b) => {
    const total = Object.values(b.byType).reduce((sum, v) => sum + v, 0);
    return !best || total > best.total ? { label: b.label, total } : best;
  }, null);
  const forwardSold = forward.reduce((sum, n) => sum + n.sold, 0);
  const forwardAvailable = forward.reduce((sum, n) => sum + n.available, 0);
  const forwardPending = forward.reduce((sum, n) => sum + n.pending, 0);
  const busiest = forward.reduce<NightFigures | null>(
    (a, b) => (!a || (share(b) ?? 0) > (share(a) ?? 0) ? b : a),
    null,
  );
  const weeks = nights.length > NIGHTS_TABLE_AT_MOST ? nightsByWeek(nights, period.until) : null;
  const pointTitle = (n: NightFigures) =>
    `${formatDisplayDate(n.night)}: ${formatPercent(share(n))} (${n.sold} of ${n.available} rooms)`;

  return (
    <>
      <title>{`Staff: reports, ${period.label}`}</title>
      <h1>Reports: {period.label}</h1>

      <Form method="get" className="staff-filters report-picker" aria-label="Choose the period">
        <SelectField name="show" label="Period" defaultValue={values.show} error={fieldErrors.show}>
          <option value="month">A month</option>
          <option value="week">A week (from Monday)</option>
          <option value="range">Days from … to …</option>
        </SelectField>
        <InputField
          name="month"
          label="Month"
          type="month"
          defaultValue={values.month}
          error={fieldErrors.month}
        />
        <InputField
          name="week"
          label="Week with the day"
          type="date"
          defaultValue={values.week}
          error={fieldErrors.week}
        />
        <InputField
          name="from"
          label="First day"
          type="date"
          defaultValue={values.from}
          error={fieldErrors.from}
        />
        <InputField name="to" label="Last day" type="date" defaultValue={values.to} error={fieldErrors.to} />
        <div className="field">
          <label>
            <input type="checkbox" name="compare" value="1" defaultChecked={values.compare} /> Compare with a
            year earlier
          </label>
        </div>
        <button type="submit" className="btn btn--small">
          Show
        </button>
      </Form>
      {Object.keys(fieldErrors).length > 0 ? (
        <p role="alert">That period could not be shown (see above); this is {period.label}.</p>
      ) : null}
      <p className="report-nav">
        <Link to={`${links.earlier}${keepCompare}`}>Earlier</Link> ·{" "}
        <Link to={`${links.later}${keepCompare}`}>Later</Link>
        {compareWith ? null : (
          <>
            {" "}
            · <Link to={`${search}&compare=1`}>Compare with a year earlier</Link>
          </>
        )}
      </p>

      <section className="report-block" aria-labelledby="summary-heading">
        <h2 id="summary-heading">Summary</h2>
        <dl className="report-kpis">
          <div>
            <dt>Occupancy</dt>
            <dd>
              {formatPercent(now.occupancy)}
              {summary.before ? (
                <small>A year earlier {formatPercent(summary.before.occupancy)}</small>
              ) : null}
            </dd>
          </div>
          <div>
            <dt>ADR</dt>
            <dd>
              {formatRate(now.adr)}
              {summary.before ? <small>A year earlier {formatRate(summary.before.adr)}</small> : null}
            </dd>
          </div>
          <div>
            <dt>RevPAR</dt>
            <dd>
              {formatRate(now.revpar)}
              {summary.before ? <small>A year earlier {formatRate(summary.before.revpar)}</small> : null}
            </dd>
          </div>
          <div>
            <dt>Room revenue</dt>
            <dd>{formatKwacha(now.revenue)}</dd>
          </div>
          <div>
            <dt>Venue revenue</dt>
            <dd>{formatKwacha(now.venueRevenue)}</dd>
          </div>
        </dl>
        <Summary
          now={now}
          before={summary.before}
          label={period.label}
          beforeLabel={compareWith ? compareWith.label : null}
        />
        <Csv list="report-summary" search={search} what="the summary" />
      </section>

      <section className="report-block" aria-labelledby="occupancy-heading">
        <h2 id="occupancy-heading">Occupancy by night</h2>
        <p id="occupancy-summary">{occupancySummary(nights, now, summary.before)}</p>
        <div className="report-pair">
          <figure className="report-figure">
            <LineChart
              title={`Occupancy by night, ${period.label}`}
              summary={occupancySummary(nights, now, summary.before)}
              xLabels={nights.map((n) => shortDate(n.night))}
              series={[
                { label: period.label, values: nights.map(share), pointTitles: nights.map(pointTitle) },
                ...(nightsBefore && compareWith
                  ? [
                      {
                        label: compareWith.label,
                        values: nightsBefore.map(share),
                        pointTitles: nightsBefore.map(pointTitle),
                        dashed: true,
                      },
                    ]
                  : []),
              ]}
            />
            {compareWith ? (
              <Legend
                items={[
                  { label: period.label, colour: SERIES_COLOURS[0] },
                  { label: compareWith.label, colour: SERIES_COLOURS[1], dashed: true },
                ]}
              />
            ) : null}
          </figure>
          <ReportTable
            caption={`Occupancy by ${weeks ? "week" : "night"}`}
            scroll={`Occupancy by ${weeks ? "week" : "night"}, table`}
            name="occupancy"
            columns={[weeks ? "Week" : "Night", "Available", "Sold", "Occupancy", "Revenue"]}
            rows={(weeks ?? nights).map((n) => ({
              key: "night" in n ? n.night : n.start,
              head: "night" in n ? <Night iso={n.night} /> : bucketLabel("week", n.start, n.until),
              cells: [n.available, n.sold, formatPercent(share(n)), formatKwacha(n.revenue)],
            }))}
          />
        </div>
        {weeks ? <p>The table adds up each week; the CSV gives every night.</p> : null}
        <Csv list="report-occupancy" search={search} what="occupancy by night" />
      </section>

      <section className="report-block" aria-labelledby="types-heading">
        <h2 id="types-heading">Room revenue by room type, {bucket === "week" ? "by week" : "by month"}</h2>
        <p>
          Room revenue {formatKwacha(now.revenue)}:{" "}
          {typeTotals
            .map(
              (t) =>
                `${t.type} ${formatKwacha(t.revenue)} (${formatPercent(now.revenue > 0 ? t.revenue / now.revenue : null, 0)})`,
            )
            .join(", ")}
          .
          {bestBucket && bestBucket.total > 0
            ? ` The best ${bucket} was ${bestBucket.label} with ${formatKwacha(bestBucket.total)}.`
            : ""}
        </p>
        <div className="report-pair">
          <figure className="report-figure">
            <StackedBars
              title={`Room revenue by room type, ${period.label}`}
              summary={`Room revenue ${formatKwacha(now.revenue)} by room type, stacked by ${bucket}.`}
              categories={buckets.map((b) => b.label)}
              axisLabels={buckets.map((b) => b.axis)}
              series={roomTypes.types.map((type) => ({
                label: type,
                values: buckets.map((b) => b.byType[type] ?? 0),
              }))}
              formatValue={formatKwacha}
              formatTick={tickKwacha}
            />
            <Legend
              items={roomTypes.types.map((type, i) => ({
                label: type,
                colour: SERIES_COLOURS[i % SERIES_COLOURS.length] ?? "#000",
              }))}
            />
          </figure>
          <ReportTable
            caption="Room revenue by room type"
            scroll="Room revenue by room type, table"
            name="room-types"
            columns={[bucket === "week" ? "Week" : "Month", ...roomTypes.types, "Total"]}
            rows={buckets.map((b) => ({
              key: b.start,
              head: b.label,
              cells: [
                ...roomTypes.types.map((type) => formatKwacha(b.byType[type] ?? 0)),
                formatKwacha(Object.values(b.byType).reduce((sum, v) => sum + v, 0)),
              ],
            }))}
          />
        </div>
        <Csv list="report-room-types" search={search} what="room revenue by room type" />
      </section>

      <section className="report-block" aria-labelledby="sources-heading">
        <h2 id="sources-heading">Room revenue by source and by payment method</h2>
        <div className="report-pair">
          <GroupTable
            caption="By source"
            heading="Source"
            rows={loaderData.sources.map((row) => ({ ...row, key: sourceLabel(row.key) }))}
          />
          <GroupTable
            caption="By payment method (as booked)"
            heading="Payment method"
            rows={loaderData.methods}
          />
        </div>
        <Csv list="report-sources" search={search} what="revenue by source" />
        <Csv list="report-payment-methods" search={search} what="revenue by payment method" />
      </section>

      <section className="report-block" aria-labelledby="money-heading">
        <h2 id="money-heading">Money received (payments ledger)</h2>
        <p>Payments and refunds recorded in the period, by the day they were recorded.</p>
        <ReportTable
          caption="Money received by method"
          columns={["Method", "Received", "Refunded", "Net"]}
          empty="Nothing recorded in this period."
          rows={loaderData.money.map((row) => ({
            key: row.method,
            head: row.method,
            cells: [row.received, row.refunded, row.received - row.refunded].map(formatKwacha),
          }))}
        />
        <Csv list="report-money-received" search={search} what="money received" />
      </section>

      <section className="report-block" aria-labelledby="venues-heading">
        <h2 id="venues-heading">Venue revenue</h2>
        <ReportTable
          caption="Venue revenue"
          columns={["Venue", "Events", "People", "Revenue"]}
          rows={loaderData.venues.map((row) => ({
            key: row.venue,
            head: row.venue,
            cells: [row.events, row.people, formatKwacha(row.revenue)],
          }))}
        />
        <Csv list="report-venues" search={search} what="venue revenue" />
      </section>

      <section className="report-block" aria-labelledby="extras-heading">
        <h2 id="extras-heading">Extras and charges by category</h2>
        <p>
          Extras guests booked count on their arrival day, charges posted at the desk on the day they were
          posted; voided lines do not count.
        </p>
        <ReportTable
          caption="Extras and charges by category"
          columns={["Category", "Lines", "Revenue", "Of which VAT", "Of which levy"]}
          rows={loaderData.extras.map((row) => ({
            key: row.taxCategory,
            head: TAX_CATEGORY_LABELS[row.taxCategory],
            cells: [row.lines, formatKwacha(row.revenue), formatKwacha(row.vat), formatKwacha(row.levy)],
          }))}
        />
      </section>

      <section className="report-block" aria-labelledby="lost-heading">
        <h2 id="lost-heading">Cancellations and no-shows</h2>
        <p>Stays due to arrive in the period that were cancelled or did not show.</p>
        <ReportTable
          caption="Cancellations and no-shows"
          columns={["Status", "Stays", "Room-nights", "Value", "Kept"]}
          rows={loaderData.lost.map((row) => ({
            key: row.status,
            head: row.status,
            cells: [row.stays, row.nights, formatKwacha(row.value), formatKwacha(row.kept)],
          }))}
        />
        <Csv list="report-cancellations" search={search} what="cancellations and no-shows" />
      </section>

      <section className="report-block" aria-labelledby="taxes-heading">
        <h2 id="taxes-heading">Tourism levy and VAT</h2>
        <p>
          {loaderData.taxes.vatRegistered
            ? `Today: VAT ${loaderData.taxes.vatRateBp / 100}% and tourism levy ${loaderData.taxes.levyRateBp / 100}%`
            : `Today: not VAT-registered, tourism levy ${loaderData.taxes.levyRateBp / 100}%`}
          . The lines add up the taxes each request kept at the rates in force when it was made (prices
          include taxes): the figures a return needs.
        </p>
        <ReportTable
          caption="Tourism levy and VAT"
          name="taxes"
          columns={["Line", "Gross (incl. taxes)", "Net of taxes", "VAT", "Tourism levy"]}
          rows={loaderData.taxes.lines.map((line) => ({
            key: line.line,
            head: line.line,
            cells: [line.gross, line.net, line.vat, line.levy].map(formatKwacha),
          }))}
        />
        <Csv list="report-taxes" search={search} what="the levy and VAT lines" />
        <FiscalReturn documents={loaderData.fiscal} />
      </section>

      <section className="report-block" aria-labelledby="forward-heading">
        <h2 id="forward-heading">The next {FORWARD_DAYS} nights on the books</h2>
        <p id="forward-summary">
          From {formatDisplayDate(today)}:{" "}
          {formatPercent(forwardAvailable > 0 ? forwardSold / forwardAvailable : null)} sold ({forwardSold} of{" "}
          {forwardAvailable} room-nights), {forwardPending} more pending.
          {busiest && busiest.sold > 0
            ? ` Busiest night ${formatDisplayDate(busiest.night)}: ${busiest.sold} of ${busiest.available} rooms.`
            : ""}
        </p>
        <div className="report-pair">
          <figure className="report-figure">
            <CalendarHeatMap
              title={`Occupancy on the books, the next ${FORWARD_DAYS} nights`}
              summary={`From ${formatDisplayDate(today)}: ${forwardSold} of ${forwardAvailable} room-nights sold, ${forwardPending} pending.`}
              days={forward.map((n) => ({
                date: n.night,
                share: share(n),
                title: `${formatDisplayDate(n.night)}: ${formatPercent(share(n))} (${n.sold} of ${n.available} rooms, ${n.pending} pending)`,
              }))}
            />
            <Legend
              items={HEAT_BANDS.map((band) => ({
                label: band.label,
                colour: band.fill,
                outline: band.outline,
              }))}
            />
          </figure>
          <ReportTable
            caption="Nights on the books"
            scroll="Nights on the books, table"
            name="forward"
            columns={["Night", "Sold", "Pending", "Occupancy"]}
            rows={forward.map((n) => ({
              key: n.night,
              head: <Night iso={n.night} />,
              cells: [`${n.sold} of ${n.available}`, n.pending, formatPercent(share(n))],
            }))}
          />
        </div>
        <Csv list="report-next-90-days" search="" what={`the next ${FORWARD_DAYS} nights`} />
      </section>

      <section className="report-block" aria-labelledby="definitions-heading">
        <h2 id="definitions-heading">Definitions</h2>
        <dl className="report-definitions">
          <dt>Room-nights sold</dt>
          <dd>
            Each night of a stay that is Confirmed, Checked in or Checked out, counted by night of stay: a
            stay across a month end counts in both months. A reservation for several rooms counts each room.
            Pending stays are not sold yet (the calendar of the coming nights shows them apart); cancelled,
            declined and no-show stays are never sold. A stay that left early is sold up to the day it checked
            out: the nights it gave up went back on sale, so they are neither sold nor room revenue, in the
            tables and in the calendar alike (what the guest paid for them shows under Money received).
          </dd>
          <dt>Room-nights available</dt>
          <dd>Every room on every night of the period, less the nights a room was out of service.</dd>
          <dt>Occupancy</dt>
          <dd>Room-nights sold ÷ room-nights available.</dd>
          <dt>Room revenue</dt>
          <dd>
            What the sold nights earn, as guests pay it (taxes included): each night at the price kept for it
            when the request was made, so a stay whose nightly rate changed part-way counts each night at its
            own rate (K350 one night, K500 the next). When staff change a stay’s total, its nights share the
            new total in proportion to those prices, to the kwacha. A stay’s nights always add up to its
            total.
          </dd>
          <dt>ADR (average daily rate)</dt>
          <dd>Room revenue ÷ room-nights sold.</dd>
          <dt>RevPAR (revenue per available room)</dt>
          <dd>Room revenue ÷ room-nights available.</dd>
          <dt>Source</dt>
          <dd>Where the request came from: the website, a phone call or a guest at the door (walk-in).</dd>
          <dt>Venue revenue</dt>
          <dd>Confirmed venue bookings whose event falls in the period.</dd>
          <dt>Cancellations and no-shows</dt>
          <dd>
            Stays due to arrive in the period that were cancelled or did not show: how many, their
            room-nights, what they would have earned, and what the lodge kept (payments less refunds, as the
            cancellation policy left it). A no-show is not a sold night: the room stood empty.
          </dd>
          <dt>Average length of stay and lead time</dt>
          <dd>
            Over the sold stays due to arrive in the period: nights per stay, and days from the request to the
            arrival.
          </dd>
          <dt>Tourism levy and VAT</dt>
          <dd>
            Worked out on the price without taxes: the levy on accommodation and on events of 25 people or
            more, VAT (only when the lodge is VAT-registered) on all of it.
          </dd>
        </dl>
      </section>
    </>
  );
}

function GroupTable({
  caption,
  heading,
  rows,
}: {
  caption: string;
  heading: string;
  rows: { key: string; nights: number; revenue: number }[];
}) {
  const total = rows.reduce((sum, row) => sum + row.revenue, 0);
  return (
    <ReportTable
      caption={caption}
      showCaption
      columns={[heading, "Room-nights", "Revenue", "Share"]}
      empty="No room-nights sold in this period."
      rows={rows.map((row) => ({
        key: row.key,
        head: row.key,
        cells: [
          row.nights,
          formatKwacha(row.revenue),
          formatPercent(total > 0 ? row.revenue / total : null, 0),
        ],
      }))}
    />
  );
}
