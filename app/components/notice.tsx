import { Children, isValidElement, useState, type ReactNode } from "react";

/**
 * The one way the site tells a guest what happened (decisions.md 7): errors
 * are announced at once (role="alert"), successes politely (role="status").
 * A notice stays until dismissed or replaced by the next one.
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
  // Remember which message was dismissed: a different one shows again.
  const text = textOf(children);
  const [dismissedText, setDismissedText] = useState<string | null>(null);
  if (dismissedText === text) return null;
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={["notice", `notice--${tone}`, className].filter(Boolean).join(" ")}
    >
      <div className="notice__body">{children}</div>
      <button
        type="button"
        className="notice__close"
        aria-label="Dismiss message"
        onClick={() => setDismissedText(text)}
      >
        ×
      </button>
    </div>
  );
}

/** The words of a message, to tell one message from another. */
function textOf(node: ReactNode): string {
  return Children.toArray(node)
    .map((child) => {
      if (typeof child === "string" || typeof child === "number") return String(child);
      if (isValidElement<{ children?: ReactNode }>(child)) return textOf(child.props.children);
      return "";
    })
    .join("");
}
