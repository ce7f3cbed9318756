import { useId } from "react";
import { labelAnchor, niceScale, type AxisScale } from "../chart-scale.ts";
import "./report-charts.css";

// The reports' charts (ADR 0019): SVG drawn on the server from the same figures as the
// table beside each chart, so there is no chart library and no chart script in any page. Every
// mark carries a <title> with its figure (a tooltip with a mouse, and what the browser test
// compares with the table); the chart as a whole is an image whose text summary is its
// description. Only the staff console's reports page imports this module.

export const SERIES_COLOURS = ["#1f5a3a", "#b0561b", "#2c5f9e", "#6b3d8f", "#7a6a00"] as const;

/**
 * Each chart is drawn twice, wide and narrow, and the stylesheet shows the one that fits its
 * column (a container query): an SVG scales its text with its width, so one drawing cannot keep
 * its labels readable both beside a table on a desktop and on a phone. The narrow one is taller,
 * with fewer labels, and leaves the marks' tooltips to the wide one (only one is ever shown).
 */
interface Layout {
  variant: "wide" | "narrow";
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
  /** At most this many steps up the value axis. */
  yIntervals: number;
  /** Roughly how wide a character of an axis label is, in the drawing's units. */
  charWidth: number;
  /** Tooltips on the marks (the wide drawing only). */
  titles: boolean;
}

const LAYOUTS: readonly Layout[] = [
  {
    variant: "wide",
    width: 600,
    height: 260,
    pad: { top: 12, right: 8, bottom: 34, left: 64 },
    yIntervals: 5,
    charWidth: 7.8,
    titles: true,
  },
  {
    variant: "narrow",
    width: 340,
    height: 300,
    pad: { top: 12, right: 6, bottom: 34, left: 56 },
    yIntervals: 4,
    charWidth: 7.2,
    titles: false,
  },
];

function Frame({
  title,
  summary,
  layout,
  children,
}: {
  title: string;
  summary: string;
  layout: Layout;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <svg
      className={`report-chart report-chart--${layout.variant}`}
      viewBox={`0 0 ${layout.width} ${layout.height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      {children}
    </svg>
  );
}

/** Horizontal grid lines at round steps from 0 to the scale's top, labelled. */
function YAxis({
  layout,
  scale,
  format,
}: {
  layout: Layout;
  scale: AxisScale;
  format: (v: number) => string;
}) {
  const { pad, width, height } = layout;
  const plot = height - pad.top - pad.bottom;
  return (
    <g className="report-chart__axis report-chart__values" aria-hidden="true">
      {scale.ticks.map((tick) => {
        const y = pad.top + plot - (tick / scale.top) * plot;
        return (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y} y2={y} />
            <text x={pad.left - 6} y={y + 4} textAnchor="end">
              {format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Evenly spaced indexes of `length` items, always with the first and last, as many as fit. */
function labelIndexes(length: number, labels: string[], layout: Layout): number[] {
  const plot = layout.width - layout.pad.left - layout.pad.right;
  const longest = Math.max(1, ...labels.map((label) => label.length)) * layout.charWidth + 12;
  const count = Math.max(2, Math.floor(plot / longest));
  if (length <= count) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (count - 1);
  return Array.from({ length: count }, (_, i) => Math.round(i * step));
}

export interface LineSeries {
  label: string;
  /** Shares 0..1 (null: no room available that night). */
  values: (number | null)[];
  /** The text of each point's tooltip. */
  pointTitles: string[];
  dashed?: boolean;
}

interface LineChartProps {
  title: string;
  summary: string;
  xLabels: string[];
  series: LineSeries[];
}

/**
 * Points marked (a dot with its figure as a tooltip) only up to two months of nights: beyond, the
 * dots run into one another and the line says as much, and a year with the year before would be a
 * thousand dots in each of the page's two drawings; the table beside gives every night.
 */
const MARKED_POINTS_AT_MOST = 62;

/** A line per series over the same days (occupancy by night; the year earlier dashed). */
export function LineChart(props: LineChartProps) {
  return (
    <>
      {LAYOUTS.map((layout) => (
        <LineDrawing key={layout.variant} layout={layout} {...props} />
      ))}
    </>
  );
}

function LineDrawing({ title, summary, xLabels, series, layout }: LineChartProps & { layout: Layout }) {
  const { pad, width, height } = layout;
  const plot = { w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
  // Whole percents, up to 100.
  const highest = Math.max(0, ...series.flatMap((s) => s.values.map((v) => v ?? 0))) * 100;
  const scale = niceScale(Math.min(100, Math.max(highest, 1)), layout.yIntervals);
  const x = (i: number) =>
    pad.left + (xLabels.length <= 1 ? plot.w / 2 : (i * plot.w) / (xLabels.length - 1));
  const y = (v: number) => pad.top + plot.h - ((v * 100) / scale.top) * plot.h;
  const shown = labelIndexes(xLabels.length, xLabels, layout);
  return (
    <Frame title={title} summary={summary} layout={layout}>
      <YAxis layout={layout} scale={scale} format={(v) => `${v}%`} />
      <g className="report-chart__axis" aria-hidden="true">
        {shown.map((i, n) => (
          <text key={i} x={x(i)} y={height - pad.bottom + 18} textAnchor={labelAnchor(n, shown.length)}>
            {xLabels[i]}
          </text>
        ))}
      </g>
      {series.map((s, index) => {
        const colour = SERIES_COLOURS[index % SERIES_COLOURS.length];
        const path = s.values
          .map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`))
          .filter(Boolean)
          .join(" ");
        return (
          <g key={s.label} className="report-chart__series" data-series={s.label}>
            <polyline
              points={path}
              fill="none"
              stroke={colour}
              strokeWidth={2}
              strokeDasharray={s.dashed ? "6 4" : undefined}
            />
            {xLabels.length <= MARKED_POINTS_AT_MOST
              ? s.values.map((v, i) =>
                  v === null ? null : (
                    <circle key={i} cx={x(i)} cy={y(v)} r={3} fill={colour}>
                      {layout.titles ? <title>{s.pointTitles[i]}</title> : null}
                    </circle>
                  ),
                )
              : null}
          </g>
        );
      })}
    </Frame>
  );
}

/** The centre of a label under a mark, moved in just enough that the label is not cut. */
function clampLabel(centre: number, label: string, layout: Layout): number {
  const half = (label.length * layout.charWidth) / 2;
  return Math.min(Math.max(centre, half + 2), layout.width - half - 2);
}

export interface BarSeries {
  label: string;
  values: number[];
}

interface StackedBarsProps {
  title: string;
  summary: string;
  /** Each bar's name, in its segments' tooltips. */
  categories: string[];
  /** Each bar's label under it (shorter). */
  axisLabels: string[];
  series: BarSeries[];
  formatValue: (value: number) => string;
  /** A value on the axis, shorter where it must be (K200k). */
  formatTick: (value: number) => string;
}

/** Stacked bars: one bar per bucket, one segment per series (revenue by room type). */
export function StackedBars(props: StackedBarsProps) {
  return (
    <>
      {LAYOUTS.map((layout) => (
        <BarsDrawing key={layout.variant} layout={layout} {...props} />
      ))}
    </>
  );
}

function BarsDrawing({
  title,
  summary,
  categories,
  axisLabels,
  series,
  formatValue,
  formatTick,
  layout,
}: StackedBarsProps & { layout: Layout }) {
  const { pad, width, height } = layout;
  const plot = { w: width - pad.left - pad.right, h: height - pad.top - pad.bottom };
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const scale = niceScale(Math.max(0, ...totals), layout.yIntervals);
  const slot = plot.w / Math.max(1, categories.length);
  const barWidth = Math.min(56, slot * 0.7);
  const y = (v: number) => (v / scale.top) * plot.h;
  const shown = new Set(labelIndexes(categories.length, axisLabels, layout));
  return (
    <Frame title={title} summary={summary} layout={layout}>
      <YAxis layout={layout} scale={scale} format={formatTick} />
      {categories.map((category, i) => {
        const left = pad.left + i * slot + (slot - barWidth) / 2;
        let base = pad.top + plot.h;
        return (
          <g key={category}>
            {series.map((s, index) => {
              const value = s.values[i] ?? 0;
              const h = y(value);
              base -= h;
              return value > 0 ? (
                <rect
                  key={s.label}
                  x={left}
                  y={base}
                  width={barWidth}
                  height={h}
                  fill={SERIES_COLOURS[index % SERIES_COLOURS.length]}
                  stroke="#fff"
                  strokeWidth={0.5}
                >
                  {layout.titles ? <title>{`${category}: ${s.label} ${formatValue(value)}`}</title> : null}
                </rect>
              ) : null;
            })}
            {shown.has(i) ? (
              <text
                className="report-chart__axis"
                aria-hidden="true"
                x={clampLabel(left + barWidth / 2, axisLabels[i] ?? "", layout)}
                y={height - pad.bottom + 18}
                textAnchor="middle"
              >
                {axisLabels[i]}
              </text>
            ) : null}
          </g>
        );
      })}
    </Frame>
  );
}

/**
 * The colour bands of the heat map, light to dark, with the text colour that reads on each
 * (4.5:1 or more) and an outline: an empty night is white, outlined in grey, so it cannot be taken
 * for the palest green. Neighbouring bands differ by 1.5:1 or more (report-charts.test.ts).
 */
export const HEAT_BANDS = [
  { upTo: 0, fill: "#ffffff", outline: "#767676", text: "#1a1a1a", label: "0%" },
  { upTo: 0.25, fill: "#b3dcbf", outline: "#b3dcbf", text: "#1a1a1a", label: "up to 25%" },
  { upTo: 0.5, fill: "#6fb486", outline: "#6fb486", text: "#1a1a1a", label: "25–50%" },
  { upTo: 0.75, fill: "#2e7549", outline: "#2e7549", text: "#ffffff", label: "50–75%" },
  { upTo: 1.01, fill: "#0f2e1b", outline: "#0f2e1b", text: "#ffffff", label: "over 75%" },
] as const;

function heatBand(share: number | null) {
  const value = share ?? 0;
  return HEAT_BANDS.find((band) => value <= band.upTo) ?? HEAT_BANDS[4];
}

export interface HeatDay {
  date: string;
  share: number | null;
  title: string;
}

/** A calendar, Monday to Sunday across, a week per row; each day shaded by its occupancy. */
export function CalendarHeatMap({
  title,
  summary,
  days,
}: {
  title: string;
  summary: string;
  days: HeatDay[];
}) {
  const cell = 44;
  const left = 40;
  const first = days[0]?.date ?? "2000-01-03";
  const offset = (new Date(`${first}T00:00:00Z`).getUTCDay() + 6) % 7;
  const rows = Math.ceil((offset + days.length) / 7);
  const height = 24 + rows * cell + 4;
  const width = left + 7 * cell;
  const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
  const months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
  const id = useId();
  return (
    <svg
      className="report-chart report-chart--calendar"
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-desc`}>{summary}</desc>
      <g className="report-chart__axis" aria-hidden="true">
        {weekdays.map((day, i) => (
          <text key={day} x={left + i * cell + cell / 2} y={16} textAnchor="middle">
            {day}
          </text>
        ))}
      </g>
      {days.map((day, index) => {
        const position = offset + index;
        const x = left + (position % 7) * cell;
        const y = 24 + Math.floor(position / 7) * cell;
        const band = heatBand(day.share);
        const dayOfMonth = Number(day.date.slice(8, 10));
        const monthLabel =
          index === 0 || dayOfMonth === 1 ? `${months[Number(day.date.slice(5, 7)) - 1]}` : null;
        return (
          <g key={day.date} className="report-chart__day">
            {monthLabel ? (
              <text className="report-chart__axis" aria-hidden="true" x={2} y={y + cell / 2 + 4}>
                {monthLabel}
              </text>
            ) : null}
            <rect
              x={x + 1.5}
              y={y + 1.5}
              width={cell - 3}
              height={cell - 3}
              fill={band.fill}
              stroke={band.outline}
              rx={3}
            >
              <title>{day.title}</title>
            </rect>
            <text
              x={x + cell / 2}
              y={y + cell / 2 + 4}
              textAnchor="middle"
              fill={band.text}
              aria-hidden="true"
            >
              {dayOfMonth}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** Colour swatches naming each series (HTML beside the chart, so it wraps on a phone). */
export function Legend({
  items,
}: {
  items: { label: string; colour: string; outline?: string; dashed?: boolean }[];
}) {
  return (
    <ul className="report-legend">
      {items.map((item) => (
        <li key={item.label}>
          <span
            className={
              item.dashed ? "report-legend__swatch report-legend__swatch--dashed" : "report-legend__swatch"
            }
            style={{
              background: item.dashed ? undefined : item.colour,
              borderColor: item.outline ?? item.colour,
            }}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
