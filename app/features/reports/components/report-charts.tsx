import { useId } from "react";
import "./report-charts.css";

// The reports' charts (ADR 0019): SVG drawn on the server from the same figures as the
// table beside each chart, so there is no chart library and no chart script in any page. Every
// mark carries a <title> with its figure (a tooltip with a mouse, and what the browser test
// compares with the table); the chart as a whole is an image whose text summary is its
// description. Only the staff console's reports page imports this module.

const WIDTH = 640;
const PAD = { top: 12, right: 12, bottom: 34, left: 52 };
export const SERIES_COLOURS = ["#1f5a3a", "#b0561b", "#2c5f9e", "#6b3d8f", "#7a6a00"] as const;

function Frame({
  title,
  summary,
  height,
  children,
}: {
  title: string;
  summary: string;
  height: number;
  children: React.ReactNode;
}) {
  const id = useId();
  return (
    <svg
      className="report-chart"
      viewBox={`0 0 ${WIDTH} ${height}`}
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

/** Horizontal grid lines and their labels for values 0..max. */
function YAxis({ max, height, format }: { max: number; height: number; format: (v: number) => string }) {
  const plot = height - PAD.top - PAD.bottom;
  const ticks = [0, 0.25, 0.5, 0.75, 1];
  return (
    <g className="report-chart__axis" aria-hidden="true">
      {ticks.map((t) => {
        const y = PAD.top + plot - t * plot;
        return (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y} y2={y} />
            <text x={PAD.left - 6} y={y + 4} textAnchor="end">
              {format(t * max)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

/** Up to `count` evenly spaced indexes of `length` items, always with the first and last. */
function labelIndexes(length: number, count: number): number[] {
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

/** A line per series over the same days (occupancy by night; the year earlier dashed). */
export function LineChart({
  title,
  summary,
  xLabels,
  series,
}: {
  title: string;
  summary: string;
  xLabels: string[];
  series: LineSeries[];
}) {
  const height = 260;
  const plot = { w: WIDTH - PAD.left - PAD.right, h: height - PAD.top - PAD.bottom };
  const max = Math.max(0.1, ...series.flatMap((s) => s.values.map((v) => v ?? 0)));
  const top = Math.min(1, Math.ceil(max * 10) / 10);
  const x = (i: number) =>
    PAD.left + (xLabels.length <= 1 ? plot.w / 2 : (i * plot.w) / (xLabels.length - 1));
  const y = (v: number) => PAD.top + plot.h - (v / top) * plot.h;
  return (
    <Frame title={title} summary={summary} height={height}>
      <YAxis max={top} height={height} format={(v) => `${Math.round(v * 100)}%`} />
      <g className="report-chart__axis" aria-hidden="true">
        {labelIndexes(xLabels.length, 6).map((i) => (
          <text key={i} x={x(i)} y={height - PAD.bottom + 18} textAnchor="middle">
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
            {s.values.map((v, i) =>
              v === null ? null : (
                <circle key={i} cx={x(i)} cy={y(v)} r={xLabels.length > 62 ? 1.5 : 3} fill={colour}>
                  <title>{s.pointTitles[i]}</title>
                </circle>
              ),
            )}
          </g>
        );
      })}
    </Frame>
  );
}

export interface BarSeries {
  label: string;
  values: number[];
}

/** Stacked bars: one bar per bucket, one segment per series (revenue by room type). */
export function StackedBars({
  title,
  summary,
  categories,
  series,
  formatValue,
}: {
  title: string;
  summary: string;
  categories: string[];
  series: BarSeries[];
  formatValue: (value: number) => string;
}) {
  const height = 260;
  const plot = { w: WIDTH - PAD.left - PAD.right, h: height - PAD.top - PAD.bottom };
  const totals = categories.map((_, i) => series.reduce((sum, s) => sum + (s.values[i] ?? 0), 0));
  const max = Math.max(1, ...totals);
  const slot = plot.w / Math.max(1, categories.length);
  const barWidth = Math.min(56, slot * 0.7);
  const y = (v: number) => (v / max) * plot.h;
  return (
    <Frame title={title} summary={summary} height={height}>
      <YAxis max={max} height={height} format={(v) => formatValue(Math.round(v))} />
      {categories.map((category, i) => {
        const left = PAD.left + i * slot + (slot - barWidth) / 2;
        let base = PAD.top + plot.h;
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
                  <title>{`${category}: ${s.label} ${formatValue(value)}`}</title>
                </rect>
              ) : null;
            })}
            <text
              className="report-chart__axis"
              aria-hidden="true"
              x={left + barWidth / 2}
              y={height - PAD.bottom + 18}
              textAnchor="middle"
            >
              {categories.length > 8 && i % 2 === 1 ? "" : category}
            </text>
          </g>
        );
      })}
    </Frame>
  );
}

/** The colour bands of the heat map, with the text colour that reads on each. */
export const HEAT_BANDS = [
  { upTo: 0, fill: "#f1f1f1", text: "#1a1a1a", label: "0%" },
  { upTo: 0.25, fill: "#d3e9da", text: "#1a1a1a", label: "up to 25%" },
  { upTo: 0.5, fill: "#94c9a6", text: "#1a1a1a", label: "25–50%" },
  { upTo: 0.75, fill: "#3f8a5e", text: "#ffffff", label: "50–75%" },
  { upTo: 1.01, fill: "#1b4d31", text: "#ffffff", label: "over 75%" },
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
  const left = 64;
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
              <text className="report-chart__axis" aria-hidden="true" x={8} y={y + cell / 2 + 4}>
                {monthLabel}
              </text>
            ) : null}
            <rect x={x + 1} y={y + 1} width={cell - 2} height={cell - 2} fill={band.fill} rx={3}>
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
export function Legend({ items }: { items: { label: string; colour: string; dashed?: boolean }[] }) {
  return (
    <ul className="report-legend">
      {items.map((item) => (
        <li key={item.label}>
          <span
            className={
              item.dashed ? "report-legend__swatch report-legend__swatch--dashed" : "report-legend__swatch"
            }
            style={{ background: item.dashed ? undefined : item.colour, borderColor: item.colour }}
            aria-hidden="true"
          />
          {item.label}
        </li>
      ))}
    </ul>
  );
}
