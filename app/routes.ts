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
  // Resource routes: the Room Booking dialog's data and the footer's newsletter box.
  route("api/available-rooms", "routes/api.available-rooms.ts"),
  route("api/room-booking", "routes/api.room-booking.ts"),
  route("newsletter", "routes/newsletter.tsx"),
  route("sitemap.xml", "routes/sitemap.xml.ts"),
  route("robots.txt", "routes/robots.txt.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
