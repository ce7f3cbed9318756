// The footer's link columns. Every link goes to a real page (decision 18).

export type FooterLink = { label: string; to: string };
export type FooterColumn = { title: string; links: readonly FooterLink[] };

export const companyLinks: readonly FooterLink[] = [
  { label: "About Us", to: "/about" },
  { label: "Contact Us", to: "/contact" },
  { label: "Privacy Policy", to: "/privacy" },
  { label: "Terms & Condition", to: "/terms" },
  { label: "Support", to: "/contact" },
];

export const serviceLinks: readonly FooterLink[] = [
  { label: "Food & Restaurant", to: "/services/bar-and-restaurant" },
  { label: "Lodging Rooms", to: "/rooms" },
  { label: "Children Gaming park", to: "/services/kids-play-park" },
  { label: "Event & Party", to: "/services/events-and-conferencing" },
  { label: "swimming pool", to: "/services/swimming-pool" },
];

export const footerColumns: readonly FooterColumn[] = [
  { title: "Company", links: companyLinks },
  { title: "Services", links: serviceLinks },
];

/** Heading and note of the newsletter box. */
export const newsletter = {
  title: "Newsletter",
  text: "Hear first about live band weekends, special rates and events at the lodge.",
  placeholder: "Enter your email",
  button: "Subscribe",
} as const;
