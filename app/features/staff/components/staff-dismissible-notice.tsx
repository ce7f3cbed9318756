import { useRef, useState, type MouseEvent, type ReactNode } from "react";
import { Notice } from "../../../shared/ui/notice.tsx";

/**
 * A notice of the console (app/shared/ui/notice.tsx) whose 'Dismiss message' button works in the
 * hydrated console, where the public pages' notice script (notice-enhance.ts) does not run: React
 * owns the console's markup, so React hides the notice. `of` is the answer it shows: a new answer
 * shows its notice again. Focus goes where notice-enhance.ts puts it: the form or section the
 * notice was in.
 */
export function DismissibleNotice({
  tone,
  of,
  children,
}: {
  tone: "success" | "error" | "info";
  of?: unknown;
  children: ReactNode;
}) {
  const [dismissed, setDismissed] = useState<{ of: unknown } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  if (dismissed && dismissed.of === of) return null;
  const dismiss = (event: MouseEvent) => {
    if (!(event.target instanceof Element) || !event.target.closest(".notice__close")) return;
    const home = box.current?.parentElement?.closest<HTMLElement>("form, section, main");
    setDismissed({ of });
    if (home) {
      if (home.tabIndex < 0) home.tabIndex = -1;
      home.focus();
    }
  };
  return (
    // The button is the notice's own; this box only hears its click (and takes no room).
    <div ref={box} className="staff-notice" onClick={dismiss}>
      <Notice tone={tone}>{children}</Notice>
    </div>
  );
}

/** A console action's answer, its message in a notice of its tone; nothing before the first. */
export function AnswerNotice({
  answer,
}: {
  answer: { tone: "success" | "error" | "info"; message: string } | null | undefined;
}) {
  if (!answer) return null;
  return (
    <DismissibleNotice tone={answer.tone} of={answer}>
      {answer.message}
    </DismissibleNotice>
  );
}
