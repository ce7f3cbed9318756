import { useEffect, type ComponentType } from "react";
import { hydrateRoot } from "react-dom/client";
import { IslandIdContext } from "./island.tsx";

/**
 * Hydrates one island (app/islands.client.ts) with the props its wrapper recorded; resolves once
 * React has taken over the markup and the component's effects (its listeners) are in place.
 */
export function hydrateIsland(
  element: HTMLElement,
  component: ComponentType<object>,
  props: object,
): Promise<void> {
  return new Promise((resolve) => {
    hydrateRoot(
      element,
      <IslandIdContext value={element.id}>
        <IslandComponent component={component} props={props} />
        <Ready onReady={resolve} />
      </IslandIdContext>,
    );
  });
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
