import { type RouteConfig, index, route } from "@react-router/dev/routes";

// One module per URL (spec section 2, decisions.md 18).
export default [
  index("routes/home.tsx"),
  route("about", "routes/about.tsx"),
  route("services", "routes/services.tsx"),
  route("services/:slug", "routes/service-detail.tsx"),
  route("rooms", "routes/rooms.tsx"),
  route("details/:id", "routes/room-details.tsx"),
  route("booking", "routes/booking.tsx"),
  route("reservation", "routes/reservation.tsx"),
  route("team", "routes/team.tsx"),
  route("testimonial", "routes/testimonial.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("my-booking", "routes/my-booking.tsx"),
  // The payment step of a booking awaiting its deposit (ADR 0018); 404 without a provider.
  route("pay/:reference", "routes/pay.tsx"),
  route("newsletter/confirm", "routes/newsletter.confirm.tsx"),
  route("newsletter/unsubscribe", "routes/newsletter.unsubscribe.tsx"),
  // Resource route: the footer's newsletter box. (The Room Booking dialog uses the loader and
  // action of the page it is on: ADR 0010.)
  route("newsletter", "routes/newsletter.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  // A room's calendar feed for the channels that sell it (docs/channels.md).
  route("calendar/:file", "routes/calendar-feed.ts"),
  // The staff console: not linked from the public site, noindex, its own layout.
  route("staff/sign-in", "routes/staff/sign-in.tsx"),
  route("staff/sign-out", "routes/staff/sign-out.ts"),
  route("staff/set-password", "routes/staff/set-password.tsx"),
  route("staff/export/:list", "routes/staff/export.ts"),
  route("staff", "routes/staff/layout.tsx", [
    index("routes/staff/today.tsx"),
    route("requests", "routes/staff/requests.tsx"),
    route("requests/:kind/:id", "routes/staff/request-detail.tsx"),
    route("board", "routes/staff/board.tsx"),
    route("desk", "routes/staff/desk.tsx"),
    route("requests/:kind/:id/folio", "routes/staff/folio.tsx"),
    route("receipts/:id", "routes/staff/receipt.tsx"),
    route("rooms", "routes/staff/rooms.tsx"),
    route("rates", "routes/staff/rates.tsx"),
    route("rates/:roomType", "routes/staff/rate-calendar.tsx"),
    route("taxes", "routes/staff/taxes.tsx"),
    route("extras", "routes/staff/extras.tsx"),
    route("deposits", "routes/staff/deposits.tsx"),
    route("accounts", "routes/staff/accounts.tsx"),
    route("outbox", "routes/staff/outbox.tsx"),
    route("reports", "routes/staff/reports.tsx"),
    route("channels", "routes/staff/channels.tsx"),
  ]),
  // The islands' JSON routes (ADR 0024): each answers with its page's own server functions.
  route("api/room-booking", "routes/api/room-booking.ts"),
  route("api/booking", "routes/api/booking.ts"),
  route("api/reservation", "routes/api/reservation.ts"),
  route("api/contact", "routes/api/contact.ts"),
  route("api/newsletter", "routes/api/newsletter.ts"),
  route("api/my-booking", "routes/api/my-booking.ts"),
  route("api/pay", "routes/api/pay.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
