import type { MouseEvent, SubmitEvent } from "react";
import { NavLink, useNavigate, useSubmit } from "react-router";
import { StaffForm, SubmitButton } from "./staff-form.tsx";
import "./staff-frame.css";

/**
 * The staff console's page frame (issue 8): its own header and navigation, never the public
 * site's; `noindex` on every page (React hoists the meta element into the head).
 */
export function StaffFrame({
  children,
  staff,
}: {
  children: React.ReactNode;
  staff?: { name: string; role: string };
}) {
  // Not a control: <main> hands the clicks and submits of its links and forms to the router.
  const routed = useRoutedPlainLinksAndForms();
  return (
    <>
      <meta name="robots" content="noindex, nofollow" />
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="staff-header">
        <p className="staff-header__brand">Lodge staff</p>
        {staff ? (
          <>
            <nav aria-label="Staff console" className="staff-nav">
              <NavLink to="/staff" end>
                Today
              </NavLink>
              <NavLink to="/staff/requests">Requests</NavLink>
              <NavLink to="/staff/desk">New booking</NavLink>
              <NavLink to="/staff/board">Room board</NavLink>
              <NavLink to="/staff/outbox">Mail outbox</NavLink>
              {staff.role === "manager" ? (
                <>
                  <NavLink to="/staff/reports">Reports</NavLink>
                  <NavLink to="/staff/rooms">Rooms and venues</NavLink>
                  <NavLink to="/staff/rates">Rates</NavLink>
                  <NavLink to="/staff/taxes">Taxes</NavLink>
                  <NavLink to="/staff/deposits">Deposits</NavLink>
                  <NavLink to="/staff/accounts">Accounts</NavLink>
                </>
              ) : null}
            </nav>
            <StaffForm method="post" action="/staff/sign-out" className="staff-header__user">
              <span>
                {staff.name} ({staff.role})
              </span>
              <SubmitButton className="btn btn--outline btn--small" pending="Signing out…">
                Sign out
              </SubmitButton>
            </StaffForm>
          </>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="staff-main" {...routed}>
        {children}
      </main>
    </>
  );
}

/**
 * The console's plain links and forms, taken through the router once the page has hydrated, as
 * React Router's <Link> and <Form> are: a link to a console page opens it in place, a form is
 * sent as a data request (the page's loaders run again and the answer shows in place). Before
 * hydration, and without JavaScript, they are what they are in HTML. Lists draw their rows with
 * them (Today's stays, the requests, the board's bars, the mails): a <Link> or a <Form> is a few
 * hooks to render, and a busy day's rows were most of what those pages cost (issue 19; ADR 0021).
 * Left to the browser: what a <Link> or <Form> handled already, a click with a modifier key or
 * another button, links to files (`download`), to another window or site, and forms without an
 * `action` (the router would send them to the route that renders this frame, not the page's).
 */
function useRoutedPlainLinksAndForms() {
  const navigate = useNavigate();
  const submit = useSubmit();
  return {
    onClick(event: MouseEvent<HTMLElement>) {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute("download")) return;
      if ((link.target && link.target !== "_self") || link.origin !== window.location.origin) return;
      if (!/^\/staff(\/|$)/.test(link.pathname)) return;
      event.preventDefault();
      void navigate(link.pathname + link.search + link.hash);
    },
    onSubmit(event: SubmitEvent<HTMLElement>) {
      const form = event.target;
      if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
      if (!form.hasAttribute("action") || (form.target && form.target !== "_self")) return;
      event.preventDefault();
      const { submitter } = event;
      const button =
        submitter instanceof HTMLButtonElement || submitter instanceof HTMLInputElement ? submitter : null;
      void submit(button ?? form);
    },
  };
}
