import type { IconName } from "~/content/images.ts";

/** Icons the UI itself needs, besides the ones content refers to. */
type UiIconName =
  "check" | "star" | "arrow-left" | "arrow-right" | "chevron-down" | "menu" | "close" | "external";

export type AnyIconName = IconName | UiIconName;

// Simple line icons on a 24×24 grid, drawn with the current text colour. Filled shapes (social
// marks, star) set their own fill. Kept as path data so every icon is a few bytes of HTML.
const STROKE: Record<AnyIconName, string> = {
  bed: "M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5M7 12a1.5 1.5 0 1 0 0-.01",
  bath: "M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4zM6 12V6a2 2 0 0 1 4 0M7 19l-1 2M17 19l1 2",
  wifi: "M2 9a15 15 0 0 1 20 0M5 12.5a10 10 0 0 1 14 0M8.5 16a5 5 0 0 1 7 0M12 19.5h.01",
  users:
    "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M16 3.5a4 4 0 0 1 0 7.5M18 14a5 5 0 0 1 4 5v2",
  "user-check": "M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM2 21v-1a6 6 0 0 1 12 0v1M16 11l2 2 4-4",
  hotel: "M4 21V4h10v17M14 9h6v12M2 21h20M7 8h1M10 8h1M7 12h1M10 12h1M7 16h1M10 16h1M17 13h1M17 17h1",
  utensils: "M6 3v8M4 3v5a2 2 0 0 0 4 0V3M6 11v10M17 21V3c-2 1-3 4-3 8h3",
  music: "M9 18V5l12-2v13M9 18a3 3 0 1 1-6 0 3 3 0 0 1 6 0zM21 16a3 3 0 1 1-6 0 3 3 0 0 1 6 0z",
  swimmer:
    "M2 18c2 0 2-1.5 4-1.5S8 18 10 18s2-1.5 4-1.5 2 1.5 4 1.5 2-1.5 4-1.5M7 14l4-4 3 3M11 10l3-4 4 1M18 9a1.5 1.5 0 1 0 0-.01",
  calendar: "M4 5h16v16H4zM4 10h16M8 3v4M16 3v4M8 14h2M14 14h2M8 17h2",
  child: "M12 7a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5zM6 10l6 1 6-1M12 11v5M9 22l3-6 3 6",
  clipboard: "M9 4h6v3H9zM7 5H5v16h14V5h-2M8 12h8M8 16h5",
  "chef-hat": "M7 14a4 4 0 0 1-1-7.9A5 5 0 0 1 12 3a5 5 0 0 1 6 3.1A4 4 0 0 1 17 14v6H7zM7 17h10",
  flower: "M12 8a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM12 8V4M12 14v7M9 11H5M15 11h4M9.5 8.5 7 6M14.5 8.5 17 6M9 21h6",
  "graduation-cap": "M2 9l10-5 10 5-10 5zM6 11v5c3 2.5 9 2.5 12 0v-5M22 9v6",
  ruler: "M3 17 17 3l4 4L7 21zM7 13l2 2M10 10l2 2M13 7l2 2",
  door: "M5 21V3h11v18M3 21h18M13 12h.01M16 5h3v16",
  tv: "M3 6h18v12H3zM8 21h8M8 3l4 3 4-3",
  shower: "M4 21V6a3 3 0 0 1 6 0M8 9h6a3 3 0 0 0-6 0M10 13v1M13 13v1M16 13v1M11 17v1M14 17v1",
  lock: "M5 11h14v10H5zM8 11V7a4 4 0 0 1 8 0v4M12 15v2",
  desk: "M3 9h18M5 9v12M19 9v12M13 9v6h6M15 12h2M9 3h4l-2 6",
  balcony: "M4 11h16M4 11v10M20 11v10M8 11v10M12 11v10M16 11v10M3 21h18M7 11V5a5 5 0 0 1 10 0v6",
  city: "M3 21h18M5 21V8h6v13M11 21V3h8v18M7 11h2M7 15h2M14 7h2M14 11h2M14 15h2",
  phone: "M6 3h3l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v3a3 3 0 0 1-3 3A16 16 0 0 1 3 6a3 3 0 0 1 3-3z",
  mail: "M3 5h18v14H3zM3 6l9 7 9-7",
  "map-pin": "M12 22s7-6.5 7-12a7 7 0 1 0-14 0c0 5.5 7 12 7 12zM12 12.5a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5z",
  facebook: "",
  twitter: "",
  instagram: "M4 4h16v16H4zM12 16a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM17 7h.01",
  linkedin: "",
  youtube: "",
  check: "M4 12.5 9.5 18 20 6",
  star: "",
  "arrow-left": "M19 12H5M11 6l-6 6 6 6",
  "arrow-right": "M5 12h14M13 6l6 6-6 6",
  "chevron-down": "M6 9l6 6 6-6",
  menu: "M3 6h18M3 12h18M3 18h18",
  close: "M5 5l14 14M19 5 5 19",
  external: "M14 4h6v6M20 4l-9 9M18 14v6H4V6h6",
};

// Solid marks: the social logos are simplified silhouettes, not the networks' artwork.
const FILL: Partial<Record<AnyIconName, string>> = {
  facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z",
  twitter: "M4 4h4.5l4 5.5L17 4h2.5l-5.8 7.2L20.5 20H16l-4.3-5.9L7 20H4.5l6-7.4z",
  linkedin:
    "M4 9h3.5v11H4zM5.75 3.5a2 2 0 1 1 0 4 2 2 0 0 1 0-4zM10 9h3.4v1.6C14 9.5 15.3 8.8 17 8.8c3 0 4 2 4 5V20h-3.5v-5.5c0-1.5-.4-2.6-1.9-2.6s-2.1 1.1-2.1 2.6V20H10z",
  youtube:
    "M2.5 7.5C2.8 5.8 4 5 5.5 4.9 9.8 4.6 14.2 4.6 18.5 4.9 20 5 21.2 5.8 21.5 7.5c.4 3 .4 6 0 9-.3 1.7-1.5 2.5-3 2.6-4.3.3-8.7.3-13 0-1.5-.1-2.7-.9-3-2.6-.4-3-.4-6 0-9zM10 9v6l5-3z",
  star: "M12 2.5l2.9 6 6.6.8-4.9 4.5 1.3 6.5L12 17l-5.9 3.3 1.3-6.5L2.5 9.3l6.6-.8z",
};

/**
 * An inline SVG icon. Decorative by default (aria-hidden): give the surrounding control or text
 * the accessible name. Pass `label` only when the icon stands alone and carries meaning.
 */
export function Icon({
  name,
  size = 24,
  className,
  label,
}: {
  name: AnyIconName;
  size?: number;
  className?: string;
  label?: string;
}) {
  const fill = FILL[name];
  return (
    <svg
      className={["icon", className].filter(Boolean).join(" ")}
      width={size}
      height={size}
      viewBox="0 0 24 24"
      focusable="false"
      {...(label ? { role: "img", "aria-label": label } : { "aria-hidden": true })}
    >
      {fill ? (
        <path d={fill} fill="currentColor" />
      ) : (
        <path
          d={STROKE[name]}
          fill="none"
          stroke="currentColor"
          strokeWidth={1.8}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      )}
    </svg>
  );
}
