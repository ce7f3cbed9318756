import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

// React Router's browser entry, loaded by the staff console's pages only (app/root.tsx renders
// <Scripts/> there and nowhere else; the public pages run app/enhance.client.ts and hydrate their
// islands on their own: ADR 0015). The console hydrates as a whole app: links and forms then
// navigate by data requests (`/staff/….data`), with pending states, and every form still posts
// as a plain form before this runs or without it.
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
