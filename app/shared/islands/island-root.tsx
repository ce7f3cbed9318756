import { useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandIdContext } from "./island.tsx";

/**
 * Hydrates one island (app/islands.client.ts) with the props its wrapper recorded; resolves once
 * React has taken over the markup, the component's effects (its listeners) are in place, and
 * what the guest typed before has been through the island's own rules (`replayTyped`).
 */
export function hydrateIsland(
  element: HTMLElement,
  component: ComponentType<object>,
  props: object,
): Promise<void> {
  const typed = typedFields(element);
  return new Promise<void>((resolve) => {
    hydrateRoot(
      element,
      <IslandIdContext value={element.id}>
        <IslandComponent component={component} props={props} />
        <Ready onReady={resolve} />
      </IslandIdContext>,
    );
  }).then(() => replayTyped(typed));
}

function IslandComponent({
  component: Component,
  props,
}: {
  component: ComponentType<object>;
  props: object;
}) {
  return <Component {...props} />;
}

/** Renders nothing: its effect runs after the island's own (React runs a commit's effects in tree order). */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(() => onReady(), [onReady]);
  return null;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Inputs whose value the guest types or picks (not buttons, hidden fields, boxes or files). */
const TYPED_INPUTS =
  "input:not([type=hidden],[type=checkbox],[type=radio],[type=file],[type=submit],[type=button],[type=reset],[type=image]), textarea, select:not([multiple])";

/** What the server rendered a field with. */
function renderedValue(field: Field): string {
  if (!(field instanceof HTMLSelectElement)) return field.defaultValue;
  const options = [...field.options];
  return (options.find((option) => option.defaultSelected) ?? options[0])?.value ?? "";
}

/** The fields the guest changed before the island was live, with what they held then. */
function typedFields(root: HTMLElement): Map<Field, string> {
  const typed = new Map<Field, string>();
  for (const field of root.querySelectorAll<Field>(TYPED_INPUTS)) {
    if (field.value !== renderedValue(field)) typed.set(field, field.value);
  }
  return typed;
}

/**
 * Hands the island what the guest typed before it was live as if typed now: a change event per
 * changed field, so its rules run over it (a check-out before the check-in becomes the check-in)
 * and the state that follows the fields follows it. React fires onChange only for a value its
 * value tracking has not seen; hydrating, it saw the typed one. So the field is set to the
 * rendered value through the element (React learns that), then to the typed one through the
 * prototype's setter (React does not), as a browser does when the guest types.
 */
function replayTyped(typed: Map<Field, string>) {
  for (const [field, before] of typed) {
    if (!field.isConnected) continue;
    const rendered = renderedValue(field);
    // A rule run on an earlier field may have changed this one: its value now is the one to hand on.
    const value = field.value !== rendered ? field.value : before;
    if (field instanceof HTMLSelectElement) {
      field.value = value;
      field.dispatchEvent(new Event("change", { bubbles: true }));
      continue;
    }
    const focused = field === document.activeElement ? caret(field) : null;
    field.value = rendered;
    Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), "value")?.set?.call(field, value);
    field.dispatchEvent(new Event("input", { bubbles: true }));
    if (focused) restoreCaret(field, focused);
  }
}

function caret(field: HTMLInputElement | HTMLTextAreaElement): [number, number] | null {
  try {
    return field.selectionStart === null ? null : [field.selectionStart, field.selectionEnd ?? 0];
  } catch {
    return null;
  }
}

function restoreCaret(field: HTMLInputElement | HTMLTextAreaElement, [start, end]: [number, number]) {
  try {
    field.setSelectionRange(start, end);
  } catch {
    // Dates and numbers have no caret to put back.
  }
}
