import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
} from "react-router";
import ENHANCE_URL, { preloads as ENHANCE_PRELOADS } from "virtual:enhance-url";
import type { Route } from "./+types/root";
import { siteOriginContext } from "./shared/context.server.ts";
import { deferredEnhancementScript } from "./shared/islands/deferred-enhancement.ts";
import { useNonce } from "./shared/nonce.ts";
import { SiteFooter } from "./features/site/components/site-footer.tsx";
import { SiteHeader } from "./features/site/components/site-header.tsx";
import { NotFoundContent } from "./features/site/components/not-found-content.tsx";
import { UNEXPECTED_ERROR } from "./shared/messages.ts";
import { isStaffConsole } from "./shared/page-cache/route-handle.ts";
import { logo } from "./content/images.ts";
import "./styles/global.css";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: logo.src, type: "image/svg+xml" }];

export function loader({ context }: Route.LoaderArgs) {
  return { origin: context.get(siteOriginContext) };
}

export function Layout({ children }: { children: React.ReactNode }) {
  // Lets the enhancement module's loader (public pages) or React Router's scripts (the console)
  // through the CSP.
  const nonce = useNonce() || undefined;
  const staffConsole = isStaffConsole(useMatches());
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1f3b2d" />
        <Meta />
        <Links />
      </head>
      <body>
        {staffConsole ? (
          // The staff console (app/routes/staff/layout.tsx) has its own header and landmarks.
          children
        ) : (
          <>
            <a className="skip-link" href="#main">
              Skip to content
            </a>
            <SiteHeader />
            <main id="main" tabIndex={-1}>
              {children}
            </main>
            <SiteFooter />
          </>
        )}
        {staffConsole ? (
          // The console is a React Router app (ADR 0015, its addendum): its pages hydrate and navigate by data
          // requests. Only here: no public page loads the router (tests/e2e/staff-hydration.spec.ts).
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          // The page's one script, started once the page has loaded and painted
          // (app/shared/islands/deferred-enhancement.ts): small behaviours, and the islands, which bring React
          // when the guest turns to them (ADR 0015).
          <script
            nonce={nonce}
            dangerouslySetInnerHTML={{ __html: deferredEnhancementScript(ENHANCE_URL, ENHANCE_PRELOADS) }}
          />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent />;

  let detail = "500: Something went wrong on our side. Please try again in a moment.";
  if (isRouteErrorResponse(error)) {
    detail = `${error.status} ${error.statusText}`.trim();
  } else if (import.meta.env.DEV && error instanceof Error) {
    // Only in development: production never shows internals (decisions.md 17).
    detail = error.message;
  }
  return (
    <section className="section">
      <div className="container">
        <title>{UNEXPECTED_ERROR}</title>
        <h1>{UNEXPECTED_ERROR}</h1>
        <p>{detail}</p>
        <a className="btn btn--primary" href="/">
          Back to Home
        </a>
      </div>
    </section>
  );
}
