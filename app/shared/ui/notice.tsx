import type { ReactNode } from "react";

/**
 * The one way the site tells a guest what happened (decisions.md 7): errors
 * are announced at once (role="alert"), successes politely (role="status").
 * A notice stays until dismissed (with JavaScript: notice-enhance.ts) or
 * replaced by the next one.
 */
export function Notice({
  tone,
  children,
  className,
}: {
  tone: "success" | "error" | "info";
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={["notice", `notice--${tone}`, className].filter(Boolean).join(" ")}
    >
      <div className="notice__body">{children}</div>
      <button type="button" className="notice__close" aria-label="Dismiss message">
        ×
      </button>
    </div>
  );
}
