// The main menu, in display order. A dropdown is an item with `subItems`.

export type NavItem = {
  id: string;
  /** For a dropdown, the path of its first entry, so it never dead-ends if rendered as a link. */
  path: string;
  text: string;
  subItems?: readonly NavItem[];
};

export const navigation: readonly NavItem[] = [
  { id: "home", path: "/", text: "Home" },
  { id: "about", path: "/about", text: "About" },
  { id: "services", path: "/services", text: "Services" },
  { id: "rooms", path: "/rooms", text: "Rooms" },
  {
    id: "page",
    path: "/booking",
    text: "Page",
    subItems: [
      { id: "booking", path: "/booking", text: "Booking" },
      { id: "team", path: "/team", text: "Our Team" },
      { id: "testimonial", path: "/testimonial", text: "Testimonial" },
    ],
  },
  { id: "contact", path: "/contact", text: "Contact" },
  { id: "reservation", path: "/reservation", text: "Reservation" },
];
