import { createContext, useContext, type ComponentType } from "react";
import type { IslandName } from "./island-names.ts";

/**
 * The id of the island a component renders in (its wrapper's `id`), or null outside islands.
 * Form fields name their ids after it rather than after `useId`: an island hydrates as a root of
 * its own, where `useId` would count from a different place in the tree than the server's page.
 */
export const IslandIdContext = createContext<string | null>(null);

export function useIslandId(): string | null {
  return useContext(IslandIdContext);
}

/**
 * An interactive part of a public page (decisions.md 30, ADR 0015): an ordinary React component,
 * rendered here on the server inside a wrapper that records which component it is (`name`, a key
 * of app/islands.ts) and its props, so that app/islands.client.ts can hydrate it where it stands
 * once the guest turns to it. The props must survive JSON: plain data only.
 *
 * `openers`: a selector for links outside the island that act on it (the room cards' 'Book now');
 * activating one hydrates the island first, then the click is delivered to it.
 */
export function Island<P extends object>({
  name,
  id,
  component: Component,
  props,
  openers,
  eager = false,
}: {
  name: IslandName;
  id: string;
  component: ComponentType<P>;
  props: P;
  openers?: string;
  /** Hydrate as soon as the page's script runs, not on intent (a dialog the address opened). */
  eager?: boolean;
}) {
  return (
    <div
      id={id}
      className="island"
      data-island={name}
      data-island-props={JSON.stringify(props)}
      data-island-openers={openers}
      data-island-eager={eager ? "" : undefined}
    >
      <IslandIdContext value={id}>
        <Component {...props} />
      </IslandIdContext>
    </div>
  );
}
