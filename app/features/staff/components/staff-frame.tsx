import { NavLink } from "react-router";
import { StaffForm, SubmitButton } from "./staff-form.tsx";
import "./staff-frame.css";

/**
 * The staff console's page frame: its own header and navigation, never the public
 * site's; `noindex` on every page (React hoists the meta element into the head).
 */
export function StaffFrame({
  children,
  staff,
}: {
  children: React.ReactNode;
  staff?: { name: string; role: string };
}) {
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
              {staff.role === "housekeeping" ? null : (
                <>
                  <NavLink to="/staff" end>
                    Today
                  </NavLink>
                  <NavLink to="/staff/requests">Requests</NavLink>
                  <NavLink to="/staff/desk">New booking</NavLink>
                  <NavLink to="/staff/board">Room board</NavLink>
                </>
              )}
              <NavLink to="/staff/housekeeping">Housekeeping</NavLink>
              {staff.role === "housekeeping" ? null : <NavLink to="/staff/outbox">Mail outbox</NavLink>}
              {staff.role === "manager" ? (
                <>
                  <NavLink to="/staff/reports">Reports</NavLink>
                  <NavLink to="/staff/rooms">Rooms and venues</NavLink>
                  <NavLink to="/staff/rates">Rates</NavLink>
                  <NavLink to="/staff/taxes">Taxes</NavLink>
                  <NavLink to="/staff/extras">Extras</NavLink>
                  <NavLink to="/staff/deposits">Deposits</NavLink>
                  <NavLink to="/staff/accounts">Accounts</NavLink>
                  <NavLink to="/staff/channels">Calendar sync</NavLink>
                  <NavLink to="/staff/fiscal">ZRA invoices</NavLink>
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
      <main id="main" tabIndex={-1} className="staff-main">
        {children}
      </main>
    </>
  );
}
