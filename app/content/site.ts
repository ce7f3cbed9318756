// Site-wide settings: the one place to change the lodge's name, contact details, map location and
// social links. Values marked PLACEHOLDER are stand-ins until the lodge supplies the real ones.

import type { IconName } from "./images.ts";

const SOCIAL_NETWORKS = ["facebook", "twitter", "instagram", "linkedin", "youtube"] as const;
type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** Human-readable names, for link labels such as "Follow us on Facebook". */
const SOCIAL_NETWORK_LABELS = {
  facebook: "Facebook",
  twitter: "Twitter",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
} as const satisfies Record<SocialNetwork, string>;

export type SiteSettings = {
  /** Shown in the header, footer, page titles and structured data. */
  brandName: string;
  /** One line under the brand, e.g. in the page title of the home page. */
  tagline: string;
  /** The short paragraph beside the logo in the footer. */
  blurb: string;
  /** Two numbers guests call to book, in international format. */
  bookingPhones: readonly [string, string];
  /** The "Technical" / information e-mail. */
  email: string;
  /** The "General" postal address line. */
  poBox: string;
  address: string;
  /** Decimal degrees (WGS 84). */
  geo: { latitude: number; longitude: number };
  map: {
    /** Opens the location on a maps site (new tab). */
    searchUrl: string;
    /** Third-party frame; loaded only when the visitor asks for it. */
    embedUrl: string;
  };
  /** A network's icon is shown only when its link is set (non-empty). */
  social: Readonly<Record<SocialNetwork, string | undefined>>;
  /** Absolute origin for canonical links and sitemaps; the server may override it (env). */
  origin: string;
  currency: "ZMW";
  /** The lodge's own time zone: "today" is always the date in Lusaka. */
  timeZone: "Africa/Lusaka";
  amenities: readonly string[];
};

// Approximate centre of Lusaka West. PLACEHOLDER: replace with the lodge's exact gate position.
const LATITUDE = -15.42;
const LONGITUDE = 28.17;
// A small box around the point so the embedded map opens at street level.
const BBOX = [LONGITUDE - 0.02, LATITUDE - 0.015, LONGITUDE + 0.02, LATITUDE + 0.015]
  .map((n) => n.toFixed(3))
  .join(",");

export const site: SiteSettings = {
  // PLACEHOLDER brand name: change it here and it changes everywhere.
  brandName: "Lusaka West Gardens Lodge",
  tagline: "Gardens, lodging and events in Lusaka West",
  blurb:
    "A serene garden lodge in Lusaka West with comfortable rooms, a restaurant and bar, a " +
    "swimming pool, a kids play park and spaces for weddings, parties and conferences.",
  bookingPhones: ["+260 97 000 0001", "+260 96 000 0002"], // PLACEHOLDER numbers
  email: "info@lodge.example", // PLACEHOLDER address
  poBox: "P.O. Box 00000, Lusaka", // PLACEHOLDER box number
  address: "Lusaka West, Chilanga, Zambia",
  geo: { latitude: LATITUDE, longitude: LONGITUDE },
  map: {
    searchUrl: `https://www.openstreetmap.org/?mlat=${LATITUDE}&mlon=${LONGITUDE}#map=15/${LATITUDE}/${LONGITUDE}`,
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${BBOX}&layer=mapnik&marker=${LATITUDE}%2C${LONGITUDE}`,
  },
  // Paste full profile URLs to show an icon, e.g. facebook: 'https://www.facebook.com/…'.
  social: {
    facebook: undefined,
    twitter: undefined,
    instagram: undefined,
    linkedin: undefined,
    youtube: undefined,
  },
  origin: "http://localhost:3000",
  currency: "ZMW",
  timeZone: "Africa/Lusaka",
  amenities: [
    "Swimming pool with lifeguards",
    "Restaurant and bar",
    "Free Wi-Fi",
    "DSTV in every room",
    "Kids play park",
    "Conference and event venues",
    "Landscaped gardens",
    "Live bands at weekends",
  ],
};

export type SocialLink = { network: SocialNetwork; label: string; href: string };

/**
 * The configured social links, in the fixed network order, skipping empty ones.
 * Pass `limit` where space is short (the footer shows at most 4).
 */
export function getSocialLinks(
  settings: Pick<SiteSettings, "social"> = site,
  limit: number = SOCIAL_NETWORKS.length,
): SocialLink[] {
  const links: SocialLink[] = [];
  for (const network of SOCIAL_NETWORKS) {
    const href = settings.social[network]?.trim();
    if (href) links.push({ network, label: SOCIAL_NETWORK_LABELS[network], href });
  }
  return links.slice(0, Math.max(0, limit));
}

/** `tel:` link target for a phone number as written above (spaces dropped). */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

export type ContactCategory = {
  title: "Booking" | "Technical" | "General";
  icon: Extract<IconName, "phone" | "mail" | "map-pin">;
  lines: ReadonlyArray<{ text: string; href?: string }>;
};

/** The three contact blocks on /contact, in the specification's order. */
export const contactCategories: readonly ContactCategory[] = [
  {
    title: "Booking",
    icon: "phone",
    lines: site.bookingPhones.map((phone) => ({ text: phone, href: telHref(phone) })),
  },
  { title: "Technical", icon: "mail", lines: [{ text: site.email, href: `mailto:${site.email}` }] },
  { title: "General", icon: "map-pin", lines: [{ text: site.poBox }, { text: site.address }] },
];
