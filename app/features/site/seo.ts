import type { MetaDescriptor } from "react-router";
import { navigation, type NavItem } from "~/content/navigation.ts";
import { site } from "~/content/site.ts";
import { breadcrumbList, lodgingBusiness, SOCIAL_CARD, type Crumb, type JsonLd } from "./structured-data.ts";

/**
 * The head tags of one page: title, description, canonical URL, social cards
 * and structured data. `origin` is the site's public origin (env SITE_ORIGIN),
 * which the root loader hands down.
 */
export interface PageSeo {
  /** The page's own name, e.g. 'Rooms'; the brand is appended. */
  title: string;
  description: string;
  /** Path of this page, e.g. '/rooms'. */
  path: string;
  origin: string;
  /**
   * The trail from the home page to this page, without Home itself, e.g.
   * `[{ name: 'Services', path: '/services' }, { name: 'Swimming Pool', path: '/services/swimming-pool' }]`.
   * Derived from `path` and `title` when omitted.
   */
  breadcrumb?: readonly Crumb[];
  /**
   * The room types' nightly rates from the database as 'K350 - K550' (`priceRangeText`), for the
   * lodge's structured data on / and /contact; null or omitted: unknown, left out.
   */
  priceRange?: string | null;
  /** Extra JSON-LD nodes for this page, after the ones every page of its kind gets. */
  structuredData?: readonly JsonLd[];
  /** Keep the page out of search results (error and "not found" pages). */
  noindex?: boolean;
}

const LOCALE = "en_ZM";

/** 'Rooms' → 'Rooms | Brand'; a title that already names the brand is kept. */
export function fullTitle(title: string, brand = site.brandName): string {
  const trimmed = title.trim();
  if (trimmed === "") return `${brand} | ${site.tagline}`;
  return trimmed.includes(brand) ? trimmed : `${trimmed} | ${brand}`;
}

/** 'Deluxe Room | Brand' → 'Deluxe Room': the page's own name, for its breadcrumb. */
export function pageName(title: string, brand = site.brandName): string {
  return title.replace(new RegExp(`\\s*[|–-]\\s*${escapeRegExp(brand)}\\s*$`), "").trim();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export function pageMeta({
  title,
  description,
  path,
  origin,
  breadcrumb,
  priceRange = null,
  structuredData = [],
  noindex = false,
}: PageSeo): MetaDescriptor[] {
  const url = new URL(path, origin).href;
  const pageTitle = fullTitle(title);
  const image = new URL(SOCIAL_CARD.path, origin).href;
  const imageAlt = `${site.brandName}: ${site.tagline}`;
  const pathname = new URL(url).pathname;
  const jsonLd = [
    ...pageStructuredData(pathname, pageName(title), origin, breadcrumb, priceRange),
    ...structuredData,
  ];
  return [
    { title: pageTitle },
    { name: "description", content: description },
    ...(noindex ? [{ name: "robots", content: "noindex" }] : []),
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: site.brandName },
    { property: "og:locale", content: LOCALE },
    { property: "og:type", content: "website" },
    { property: "og:title", content: pageTitle },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:type", content: SOCIAL_CARD.type },
    { property: "og:image:width", content: String(SOCIAL_CARD.width) },
    { property: "og:image:height", content: String(SOCIAL_CARD.height) },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: pageTitle },
    { name: "twitter:description", content: description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
    ...jsonLd.map((node) => ({ "script:ld+json": node })),
  ];
}

/** What every page of a kind gets: the lodge on / and /contact, a trail elsewhere (/rooms adds its rooms with the database's rates). */
function pageStructuredData(
  pathname: string,
  title: string,
  origin: string,
  breadcrumb: readonly Crumb[] | undefined,
  priceRange: string | null,
): JsonLd[] {
  if (pathname === "/") return [lodgingBusiness(origin, priceRange)];
  const trail = breadcrumbList(origin, [
    { name: "Home", path: "/" },
    ...(breadcrumb ?? deriveBreadcrumb(pathname, title)),
  ]);
  if (pathname === "/contact") return [lodgingBusiness(origin, priceRange), trail];
  return [trail];
}

// Path segments without a page of their own point at the page that lists them.
const SEGMENT_PAGES: Readonly<Record<string, Crumb>> = {
  details: { name: "Rooms", path: "/rooms" },
};

const flatten = (items: readonly NavItem[]): NavItem[] =>
  items.flatMap((item) => [item, ...flatten(item.subItems ?? [])]);

/** '/services/swimming-pool' + 'Swimming Pool' → Services › Swimming Pool. */
export function deriveBreadcrumb(pathname: string, title: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const menu = flatten(navigation);
  const crumbs: Crumb[] = [];
  segments.slice(0, -1).forEach((segment, index) => {
    const path = `/${segments.slice(0, index + 1).join("/")}`;
    const known = SEGMENT_PAGES[segment] ?? menuCrumb(menu, path);
    if (known) crumbs.push(known);
  });
  const name = title.trim() || (segments.at(-1) ?? "");
  crumbs.push({ name, path: pathname });
  return crumbs;
}

function menuCrumb(menu: readonly NavItem[], path: string): Crumb | undefined {
  const item = menu.find((entry) => entry.path === path && !entry.subItems);
  return item ? { name: item.text, path: item.path } : undefined;
}

/** The site origin from the root loader's data, as meta functions see it. */
export function originFromMatches(
  matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>,
): string {
  const root = matches.find((match) => match?.id === "root")?.loaderData as { origin?: string } | undefined;
  return root?.origin ?? site.origin;
}
