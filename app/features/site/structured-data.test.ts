import { describe, expect, it } from "vitest";
import { rooms } from "~/content/rooms.ts";
import { site } from "~/content/site.ts";
import { AMENITIES, breadcrumbList, hotelWithRooms, lodgingBusiness } from "./structured-data.ts";

const ORIGIN = "https://lodge.example";

describe("lodgingBusiness", () => {
  const node = lodgingBusiness(ORIGIN, "K350 - K550");

  it("describes the lodge from the site settings", () => {
    expect(node).toMatchObject({
      "@context": "https://schema.org",
      "@type": "LodgingBusiness",
      name: site.brandName,
      url: `${ORIGIN}/`,
      telephone: site.bookingPhones[0],
      email: site.email,
      priceRange: "K350 - K550",
      address: {
        "@type": "PostalAddress",
        addressLocality: "Lusaka West",
        addressRegion: "Lusaka",
        addressCountry: "ZM",
      },
      geo: { "@type": "GeoCoordinates", latitude: site.geo.latitude, longitude: site.geo.longitude },
    });
  });

  it("states the price range it is given (the database's rates), and leaves it out when unknown", () => {
    expect(lodgingBusiness(ORIGIN, "K300 - K700").priceRange).toBe("K300 - K700");
    expect(lodgingBusiness(ORIGIN, null)).not.toHaveProperty("priceRange");
  });

  it("lists pool, restaurant, bar, Wi-Fi, play park and event venue", () => {
    const names = (node.amenityFeature as Array<{ name: string; value: boolean }>).map((a) => a.name);
    expect(names).toEqual([...AMENITIES]);
    expect(names.join(" ")).toMatch(/pool.*Restaurant.*Bar.*Wi-Fi.*play park.*Event venue/is);
  });

  it("leaves sameAs out while no social link is configured, and adds configured ones", () => {
    expect(node).not.toHaveProperty("sameAs");
    const withFacebook = lodgingBusiness(ORIGIN, "K350 - K550", {
      ...site,
      social: { ...site.social, facebook: "https://www.facebook.com/lodge" },
    });
    expect(withFacebook.sameAs).toEqual(["https://www.facebook.com/lodge"]);
  });

  it("survives a JSON round trip (no functions, no undefined)", () => {
    expect(JSON.parse(JSON.stringify(node))).toEqual(node);
  });
});

describe("hotelWithRooms", () => {
  const prices: Record<string, number> = { Deluxe: 400, "Executive Suite": 550, "Mini Suite": 350 };
  const node = hotelWithRooms(ORIGIN, rooms, prices);

  it("states the range of the database's rates it is given, or of its offers by default", () => {
    expect(node.priceRange).toBe("K350 - K550");
    expect(hotelWithRooms(ORIGIN, rooms, { ...prices, Deluxe: 300 }).priceRange).toBe("K300 - K550");
    expect(hotelWithRooms(ORIGIN, rooms, prices, "K1 - K2").priceRange).toBe("K1 - K2");
    expect(hotelWithRooms(ORIGIN, rooms, null)).not.toHaveProperty("priceRange");
  });

  it("makes no offer for a room type without a price from the database", () => {
    const partial = hotelWithRooms(ORIGIN, rooms, { Deluxe: 410 });
    expect(partial.makesOffer).toEqual([expect.objectContaining({ price: 410 })]);
    expect(hotelWithRooms(ORIGIN, rooms, null).makesOffer).toEqual([]);
  });

  it("is a Hotel with one HotelRoom and one offer in ZMW per room", () => {
    expect(node["@type"]).toBe("Hotel");
    const places = node.containsPlace as Array<Record<string, unknown>>;
    const offers = node.makesOffer as Array<Record<string, unknown>>;
    expect(places).toHaveLength(rooms.length);
    expect(offers).toHaveLength(rooms.length);
    rooms.forEach((room, i) => {
      expect(places[i]).toMatchObject({
        "@type": "HotelRoom",
        name: room.name,
        url: `${ORIGIN}/details/${room.id}`,
      });
      expect(offers[i]).toMatchObject({
        "@type": "Offer",
        price: prices[room.type],
        priceCurrency: "ZMW",
        itemOffered: { "@id": places[i]?.["@id"] },
      });
    });
  });

  it("carries the database's nightly rates it is given: K400, K550, K350", () => {
    const prices = (node.makesOffer as Array<{ price: number }>).map((o) => o.price);
    expect(prices).toEqual([400, 550, 350]);
  });
});

describe("breadcrumbList", () => {
  it("numbers the items from 1 with absolute URLs", () => {
    expect(
      breadcrumbList(ORIGIN, [
        { name: "Home", path: "/" },
        { name: "Rooms", path: "/rooms" },
      ]),
    ).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: `${ORIGIN}/` },
        { "@type": "ListItem", position: 2, name: "Rooms", item: `${ORIGIN}/rooms` },
      ],
    });
  });
});
