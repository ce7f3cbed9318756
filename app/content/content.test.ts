import { readdirSync, readFileSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parseFeatures } from "../features/site/service-features.ts";
import { about } from "./about.ts";
import { companyLinks, footerColumns, serviceLinks } from "./footer.ts";
import { heroSlides } from "./hero-slides.ts";
import { ICON_NAMES, images, logo, type ImageAsset } from "./images.ts";
import { navigation } from "./navigation.ts";
import {
  ROOM_TYPES,
  getRoomById,
  roomFeatures,
  roomTypes,
  rooms,
  seedRoomUnits,
  seedVenues,
} from "./rooms.ts";
import { getServiceById, getServiceBySlug, services } from "./services.ts";
import { contactCategories, getSocialLinks, site, telHref } from "./site.ts";
import { stats } from "./stats.ts";
import { team } from "./team.ts";
import { PROFESSION_PLACEHOLDER } from "../shared/messages.ts";
import { testimonials } from "./testimonials.ts";

function expectImage(image: ImageAsset) {
  expect(typeof image.src).toBe("string");
  expect(image.src.length).toBeGreaterThan(0);
  expect(image.alt.trim().length).toBeGreaterThan(3);
  expect(Number.isInteger(image.width) && image.width > 0).toBe(true);
  expect(Number.isInteger(image.height) && image.height > 0).toBe(true);
}

describe("services", () => {
  it("has ids 1..10 with the slugs in order", () => {
    expect(services.map((s) => s.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(services.map((s) => s.path)).toEqual([
      "rooms-and-apartments",
      "bar-and-restaurant",
      "music-and-entertainment",
      "swimming-pool",
      "events-and-conferencing",
      "kids-play-park",
      "bookings-and-hiring",
      "catering-team",
      "outside-decor",
      "skills-institute",
    ]);
  });

  it("marks exactly ids 3, 7, 8, 9, 10 as coming soon, with the specification names", () => {
    const soon = services.filter((s) => s.comingSoon);
    expect(soon.map((s) => s.id)).toEqual([3, 7, 8, 9, 10]);
    expect(soon.map((s) => s.name)).toEqual([
      "Music & Enjoyments",
      "Bookings & Hiring",
      "Our Catering Team",
      "Outside Décor",
      "Skills Institute",
    ]);
  });

  it("offers Book Now for exactly ids 1, 4, 5", () => {
    expect(services.filter((s) => s.bookable).map((s) => s.id)).toEqual([1, 4, 5]);
  });

  it("gives every service text, an icon, three images and a parsable feature list", () => {
    for (const service of services) {
      expect(service.name).not.toBe("");
      expect(service.description.length).toBeGreaterThan(20);
      expect(service.overview.length).toBeGreaterThan(40);
      expect(ICON_NAMES).toContain(service.icon);
      expect(service.images).toHaveLength(3);
      service.images.forEach(expectImage);
      const parsed = parseFeatures(service.fullDescription);
      expect(parsed[0]?.kind).toBe("heading");
      expect(parsed.some((line) => line.kind === "feature")).toBe(true);
    }
  });

  it("looks services up by slug and id", () => {
    expect(getServiceBySlug("swimming-pool")?.id).toBe(4);
    expect(getServiceBySlug("nope")).toBeUndefined();
    expect(getServiceById(9)?.path).toBe("outside-decor");
    expect(getServiceById(11)).toBeUndefined();
  });
});

describe("rooms", () => {
  it("has the three room types at the specification prices", () => {
    expect(roomTypes.map((t) => [t.type, t.price])).toEqual([
      ["Deluxe", 400],
      ["Executive Suite", 550],
      ["Mini Suite", 350],
    ]);
    expect(roomTypes.map((t) => t.type)).toEqual([...ROOM_TYPES]);
  });

  it("shows one card per type, carrying no price of its own (the database's is shown)", () => {
    expect(rooms.map((r) => r.id)).toEqual([1, 2, 3]);
    expect(rooms.map((r) => r.type)).toEqual(["Deluxe", "Executive Suite", "Mini Suite"]);
    for (const room of rooms) {
      expect(room).not.toHaveProperty("price");
      expect(room).not.toHaveProperty("priceText");
      expect(room.stars).toBe(5);
      expectImage(room.img);
      expect(room.images).toHaveLength(3);
      room.images.forEach(expectImage);
      expect(room.facilities.map((f) => [f.facility, f.quantity])).toEqual([
        ["Bed", 1],
        ["Bath", 1],
        ["Wifi", undefined],
      ]);
    }
  });

  it("looks rooms up by numeric id", () => {
    expect(getRoomById(2)?.type).toBe("Executive Suite");
    expect(getRoomById(4)).toBeUndefined();
    expect(getRoomById(Number("1"))?.type).toBe("Deluxe");
  });

  it("has the fixed detail feature list", () => {
    expect(roomFeatures.map((f) => f.text)).toEqual([
      "2 Guests",
      "35 Feet Size",
      "Connecting Rooms",
      "1 King Bed",
      "Cable TV",
      "Shower",
      "Safebox",
      "Free WiFi",
      "Work Desk",
      "Balcony",
      "Bathtub",
      "City View",
    ]);
  });
});

describe("seed data", () => {
  it("creates 35 uniquely numbered units 101-135 at their type price", () => {
    const units = seedRoomUnits();
    expect(units).toHaveLength(35);
    expect(units.map((u) => Number(u.roomNumber)).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 35 }, (_, i) => 101 + i),
    );
    const prices: Record<string, number> = { Deluxe: 400, "Executive Suite": 550, "Mini Suite": 350 };
    for (const unit of units) expect(unit.price).toBe(prices[unit.type]);
    for (const type of ROOM_TYPES) expect(units.some((u) => u.type === type)).toBe(true);
  });

  it("returns a fresh list every call", () => {
    expect(seedRoomUnits()).not.toBe(seedRoomUnits());
    expect(seedRoomUnits()).toEqual(seedRoomUnits());
  });

  it("has at least three distinct venues with prices in kwacha", () => {
    expect(seedVenues.length).toBeGreaterThanOrEqual(3);
    expect(new Set(seedVenues.map((v) => v.venue)).size).toBe(seedVenues.length);
    for (const venue of seedVenues) {
      expect(venue.venue.trim()).not.toBe("");
      expect(Number.isInteger(venue.price) && venue.price > 0).toBe(true);
    }
  });
});

describe("footer", () => {
  it("has the Company links", () => {
    expect(companyLinks.map((l) => [l.label, l.to])).toEqual([
      ["About Us", "/about"],
      ["Contact Us", "/contact"],
      ["Privacy Policy", "/privacy"],
      ["Terms & Condition", "/terms"],
      ["Support", "/contact"],
    ]);
  });

  it("has the Services links, pointing at real service pages", () => {
    expect(serviceLinks.map((l) => [l.label, l.to])).toEqual([
      ["Food & Restaurant", "/services/bar-and-restaurant"],
      ["Lodging Rooms", "/rooms"],
      ["Children Gaming park", "/services/kids-play-park"],
      ["Event & Party", "/services/events-and-conferencing"],
      ["swimming pool", "/services/swimming-pool"],
    ]);
    for (const link of serviceLinks) {
      const slug = link.to.match(/^\/services\/(.+)$/)?.[1];
      if (slug) expect(getServiceBySlug(slug)?.comingSoon).toBe(false);
    }
    expect(footerColumns.map((c) => c.title)).toEqual(["Company", "Services"]);
  });
});

describe("navigation", () => {
  it("lists the menu in order with the Page dropdown", () => {
    expect(navigation.map((n) => [n.text, n.subItems ? null : n.path])).toEqual([
      ["Home", "/"],
      ["About", "/about"],
      ["Services", "/services"],
      ["Rooms", "/rooms"],
      ["Page", null],
      ["Contact", "/contact"],
      ["Reservation", "/reservation"],
    ]);
    const page = navigation.find((n) => n.text === "Page");
    expect(page?.subItems?.map((n) => [n.text, n.path])).toEqual([
      ["Booking", "/booking"],
      ["Our Team", "/team"],
      ["Testimonial", "/testimonial"],
    ]);
    expect(page?.path).toBe("/booking");
    const ids = navigation.flatMap((n) => [n.id, ...(n.subItems ?? []).map((s) => s.id)]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("home page content", () => {
  it("has the two hero slides", () => {
    expect(heroSlides.map((s) => [s.title, s.subtitle])).toEqual([
      ["Welcome to the venue", "Unforgettable Experiences"],
      ["Where you can truly feel at home.", "Natural Surrounding"],
    ]);
    for (const slide of heroSlides) {
      expect(slide.btn1).toEqual({ label: "Our Room", to: "/rooms" });
      expect(slide.btn2).toEqual({ label: "Book Now", to: "/booking" });
      expectImage(slide.img);
    }
  });

  it("has the counters", () => {
    expect(stats.map((s) => [s.text, s.count, s.display])).toEqual([
      ["Rooms", 35, "35"],
      ["Staffs", 20, "20"],
      ["Clients", 10321, "10,321"],
    ]);
    for (const stat of stats) expect(stat.display).toBe(stat.count.toLocaleString("en-US"));
  });

  it("has the about section", () => {
    expect(about.heading).toBe("Welcome to the lodge");
    expect(about.exploreMore).toEqual({ label: "Explore More", to: "/about", toOnAboutPage: "/services" });
    expect(about.images).toHaveLength(4);
    about.images.forEach(expectImage);
    const copy = about.paragraphs.join(" ").toLowerCase();
    for (const point of [
      "over two years",
      "serene",
      "picturesque",
      "high quality hospitality",
      "approachable",
      "service excellence",
      "live bands",
      "lifeguards",
      "swimming lessons",
      "event planning",
      "discounts for groups",
    ]) {
      expect(copy).toContain(point);
    }
  });
});

describe("people", () => {
  it("has the three staff designations", () => {
    expect(team.map((m) => m.designation)).toEqual(["Director", "Events Manager", "Operation Manager"]);
    for (const member of team) {
      expect(member.name.trim()).not.toBe("");
      expectImage(member.image);
    }
  });

  it("has at least three testimonials", () => {
    expect(PROFESSION_PLACEHOLDER).toBe("Profession");
    expect(testimonials.length).toBeGreaterThanOrEqual(3);
    for (const t of testimonials) {
      expect(t.description.length).toBeGreaterThan(40);
      expect(t.name.trim()).not.toBe("");
      expectImage(t.image);
    }
  });
});

describe("site settings", () => {
  it("has the address, two booking phones and a map", () => {
    expect(site.address).toBe("Lusaka West, Chilanga, Zambia");
    expect(site.bookingPhones).toHaveLength(2);
    for (const phone of site.bookingPhones) expect(phone).toMatch(/^\+260[\d ]+$/);
    expect(site.email).toMatch(/^[^@\s]+@[^@\s]+\.[^@\s]+$/);
    expect(site.map.searchUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\//);
    expect(site.map.embedUrl).toMatch(/^https:\/\/www\.openstreetmap\.org\/export\/embed\.html\?/);
    expect(contactCategories.map((c) => c.title)).toEqual(["Booking", "Technical", "General"]);
    expect(contactCategories[0]?.lines).toHaveLength(2);
  });

  it("shows social icons only for configured networks, in order, up to a limit", () => {
    for (const link of getSocialLinks(site)) expect(link.href).toMatch(/^https:\/\//);
    const social = {
      facebook: "https://facebook.example/lodge",
      twitter: "",
      instagram: "https://instagram.example/lodge",
      linkedin: "  ",
      youtube: "https://youtube.example/lodge",
    };
    expect(getSocialLinks({ social }).map((l) => l.network)).toEqual(["facebook", "instagram", "youtube"]);
    expect(getSocialLinks({ social }, 2).map((l) => l.network)).toEqual(["facebook", "instagram"]);
  });

  it("builds tel: links", () => {
    expect(telHref("+260 97 000 0001")).toBe("tel:+260970000001");
  });
});

describe("artwork", () => {
  const dir = new URL("../assets/images/", import.meta.url);
  const files = readdirSync(dir).filter((f) => f.endsWith(".svg"));

  it("declares every image with alt text and dimensions", () => {
    Object.values(images).forEach(expectImage);
    expect(logo.alt).toBe(""); // decorative: the brand name is set beside it as text
  });

  it("uses every artwork file, each declared at its viewBox size", () => {
    expect(files.length).toBe(Object.keys(images).length);
    for (const image of [...Object.values(images), logo]) {
      const name = decodeURIComponent(image.src).match(/([\w-]+\.svg)/)?.[1];
      expect(name, image.src).toBeDefined();
      const file = name === "logo.svg" ? new URL("../assets/logo.svg", import.meta.url) : new URL(name!, dir);
      const viewBox = readFileSync(file, "utf8").match(/viewBox="0 0 (\d+) (\d+)"/);
      expect([Number(viewBox?.[1]), Number(viewBox?.[2])], name).toEqual([image.width, image.height]);
    }
  });

  it("keeps the SVGs small, self-contained and free of text", () => {
    for (const file of [
      ...files.map((f) => new URL(f, dir)),
      new URL("../assets/logo.svg", import.meta.url),
    ]) {
      const svg = readFileSync(file, "utf8");
      const limit = file.pathname.includes("/hero-") ? 8192 : 4096;
      expect(statSync(file).size, file.pathname).toBeLessThanOrEqual(limit);
      expect(svg, file.pathname).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(svg, file.pathname).not.toMatch(/<text|<image|data:|<script|font-family/);
    }
  });
});
