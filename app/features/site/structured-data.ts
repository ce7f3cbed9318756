// JSON-LD (schema.org) for search engines: the lodge as a LodgingBusiness, its rooms as Hotel
// offers in kwacha, and a BreadcrumbList per inner page. Built from the typed content (name,
// phone, address) and from the database's rates, which the pages pass in (prices have one
// source, the database: the offers and the price range both come from it).
// https://developers.google.com/search/docs/appearance/structured-data/local-business
import type { Room } from "~/content/rooms.ts";
import { getSocialLinks, site, type SiteSettings } from "~/content/site.ts";
import { roomTypesPriceRange } from "../pricing/price-range.ts";

export type JsonLd = { "@context"?: string; "@type": string } & Record<string, unknown>;

export type Crumb = { name: string; path: string };

/** The amenities search engines understand, named as schema.org's examples name them. */
export const AMENITIES = [
  "Swimming pool",
  "Restaurant",
  "Bar",
  "Free Wi-Fi",
  "Kids play park",
  "Event venue",
] as const;

/** The social card every page shares (public/social-card.jpg, made by scripts/make-social-card.ts). */
export const SOCIAL_CARD = {
  path: "/social-card.jpg",
  width: 1200,
  height: 630,
  type: "image/jpeg",
} as const;

const absolute = (path: string, origin: string) => new URL(path, origin).href;

/**
 * The lodge's identity, shared by the LodgingBusiness and the Hotel nodes. `priceRange` is the
 * database's rates as 'K350 - K550' (app/features/pricing/price-range.ts); left out while unknown.
 */
function lodgeFields(origin: string, priceRange: string | null, settings: SiteSettings) {
  const sameAs = getSocialLinks(settings).map((link) => link.href);
  return {
    "@id": absolute("/#lodge", origin),
    name: settings.brandName,
    description: settings.blurb,
    url: absolute("/", origin),
    image: absolute(SOCIAL_CARD.path, origin),
    telephone: settings.bookingPhones[0],
    email: settings.email,
    ...(priceRange ? { priceRange } : {}),
    currenciesAccepted: settings.currency,
    address: {
      "@type": "PostalAddress",
      streetAddress: settings.address,
      addressLocality: "Lusaka West",
      addressRegion: "Lusaka",
      addressCountry: "ZM",
    },
    geo: {
      "@type": "GeoCoordinates",
      latitude: settings.geo.latitude,
      longitude: settings.geo.longitude,
    },
    hasMap: settings.map.searchUrl,
    amenityFeature: AMENITIES.map((name) => ({
      "@type": "LocationFeatureSpecification",
      name,
      value: true,
    })),
    ...(sameAs.length > 0 ? { sameAs } : {}),
  };
}

/**
 * The lodge itself: on the home and contact pages. `priceRange`: the room types' rates from the
 * database as 'K350 - K550' (`priceRangeText`), null when they could not be read.
 */
export function lodgingBusiness(
  origin: string,
  priceRange: string | null,
  settings: SiteSettings = site,
): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "LodgingBusiness",
    ...lodgeFields(origin, priceRange, settings),
  };
}

const roomId = (room: Room, origin: string) => absolute(`/details/${room.id}#room`, origin);

/**
 * The lodge as a Hotel with its room types and their nightly rates in ZMW: on /rooms. The rates
 * are the database's (`prices` by room type); a type without one gets no offer. `priceRange`
 * defaults to the range of those same rates.
 */
export function hotelWithRooms(
  origin: string,
  rooms: readonly Room[],
  prices: Readonly<Record<string, number>> | null,
  priceRange: string | null = roomTypesPriceRange(prices),
  settings: SiteSettings = site,
): JsonLd {
  const roomNodes = rooms.map((room) => ({
    "@type": "HotelRoom",
    "@id": roomId(room, origin),
    name: room.name,
    description: room.description,
    url: absolute(`/details/${room.id}`, origin),
    image: absolute(room.img.src, origin),
    bed: { "@type": "BedDetails", numberOfBeds: 1, typeOfBed: "King" },
    occupancy: { "@type": "QuantitativeValue", maxValue: 2 },
  }));
  return {
    "@context": "https://schema.org",
    "@type": "Hotel",
    ...lodgeFields(origin, priceRange, settings),
    containsPlace: roomNodes,
    makesOffer: rooms.flatMap((room) => {
      const price = prices?.[room.type];
      return price === undefined ? [] : [offerOf(room, price)];
    }),
  };

  function offerOf(room: Room, price: number) {
    return {
      "@type": "Offer",
      name: room.name,
      url: absolute(`/details/${room.id}`, origin),
      price,
      priceCurrency: settings.currency,
      priceSpecification: {
        "@type": "UnitPriceSpecification",
        price,
        priceCurrency: settings.currency,
        unitCode: "DAY",
        unitText: "night",
      },
      itemOffered: { "@id": roomId(room, origin) },
    };
  }
}

/** Home › … › this page; every item links to a real page. */
export function breadcrumbList(origin: string, crumbs: readonly Crumb[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absolute(crumb.path, origin),
    })),
  };
}
