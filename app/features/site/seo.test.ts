import { describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import { deriveBreadcrumb, fullTitle, originFromMatches, pageMeta, pageName } from "./seo.ts";

const ORIGIN = "https://lodge.example";

type Descriptor = Record<string, unknown>;
const find = (meta: Descriptor[], key: string, value: string) => meta.find((m) => m[key] === value);
const content = (meta: Descriptor[], key: string, value: string) => find(meta, key, value)?.content;
const jsonLd = (meta: Descriptor[]) =>
  meta.filter((m) => "script:ld+json" in m).map((m) => m["script:ld+json"] as Descriptor);

describe("pageMeta", () => {
  const meta = pageMeta({
    title: "Rooms",
    description: "Our rooms and their nightly rates.",
    path: "/rooms",
    origin: ORIGIN,
  }) as Descriptor[];

  it("titles the page 'Page | Brand'", () => {
    expect(meta[0]).toEqual({ title: `Rooms | ${site.brandName}` });
    expect(content(meta, "property", "og:title")).toBe(`Rooms | ${site.brandName}`);
    expect(content(meta, "name", "twitter:title")).toBe(`Rooms | ${site.brandName}`);
  });

  it("has the description, an absolute canonical URL and og:url from the origin", () => {
    expect(content(meta, "name", "description")).toBe("Our rooms and their nightly rates.");
    expect(find(meta, "rel", "canonical")).toEqual({
      tagName: "link",
      rel: "canonical",
      href: `${ORIGIN}/rooms`,
    });
    expect(content(meta, "property", "og:url")).toBe(`${ORIGIN}/rooms`);
  });

  it("has Open Graph and Twitter tags with an absolute bitmap image and its size", () => {
    expect(content(meta, "property", "og:image")).toBe(`${ORIGIN}/social-card.jpg`);
    expect(content(meta, "property", "og:image:width")).toBe("1200");
    expect(content(meta, "property", "og:image:height")).toBe("630");
    expect(content(meta, "property", "og:site_name")).toBe(site.brandName);
    expect(content(meta, "property", "og:locale")).toBe("en_ZM");
    expect(content(meta, "property", "og:type")).toBe("website");
    expect(content(meta, "name", "twitter:card")).toBe("summary_large_image");
    expect(content(meta, "name", "twitter:image")).toBe(`${ORIGIN}/social-card.jpg`);
  });

  it("gives /rooms a breadcrumb; its Hotel node comes from the route, with the database's rates", () => {
    expect(jsonLd(meta).map((node) => node["@type"])).toEqual(["BreadcrumbList"]);
  });

  it("gives / the LodgingBusiness and no breadcrumb", () => {
    const home = pageMeta({ title: "", description: "d", path: "/", origin: ORIGIN }) as Descriptor[];
    expect(jsonLd(home).map((node) => node["@type"])).toEqual(["LodgingBusiness"]);
    expect(home[0]).toEqual({ title: `${site.brandName} | ${site.tagline}` });
  });

  it("gives the lodge the price range the page passes (the database's), and none when it has none", () => {
    const home = pageMeta({
      title: "",
      description: "d",
      path: "/",
      origin: ORIGIN,
      priceRange: "K360 - K600",
    }) as Descriptor[];
    expect(jsonLd(home)[0]?.priceRange).toBe("K360 - K600");
    const unknown = pageMeta({ title: "", description: "d", path: "/", origin: ORIGIN }) as Descriptor[];
    expect(jsonLd(unknown)[0]).not.toHaveProperty("priceRange");
  });

  it("gives /contact the LodgingBusiness and a breadcrumb", () => {
    const contact = pageMeta({
      title: "Contact",
      description: "d",
      path: "/contact",
      origin: ORIGIN,
      priceRange: "K350 - K550",
    }) as Descriptor[];
    expect(jsonLd(contact).map((node) => node["@type"])).toEqual(["LodgingBusiness", "BreadcrumbList"]);
    expect(jsonLd(contact)[0]?.priceRange).toBe("K350 - K550");
  });

  it("derives the trail of an inner page from its path and title", () => {
    const pool = pageMeta({
      title: "Swimming Pool",
      description: "d",
      path: "/services/swimming-pool",
      origin: ORIGIN,
    }) as Descriptor[];
    const [trail] = jsonLd(pool);
    expect(trail?.["@type"]).toBe("BreadcrumbList");
    expect((trail?.itemListElement as Descriptor[]).map((item) => [item.name, item.item])).toEqual([
      ["Home", `${ORIGIN}/`],
      ["Services", `${ORIGIN}/services`],
      ["Swimming Pool", `${ORIGIN}/services/swimming-pool`],
    ]);
  });

  it("uses a given breadcrumb and appends extra structured data", () => {
    const page = pageMeta({
      title: "Deluxe Room",
      description: "d",
      path: "/details/1",
      origin: ORIGIN,
      breadcrumb: [
        { name: "Our Rooms", path: "/rooms" },
        { name: "Deluxe", path: "/details/1" },
      ],
      structuredData: [{ "@type": "Thing", name: "x" }],
    }) as Descriptor[];
    const [trail, extra] = jsonLd(page);
    expect((trail?.itemListElement as Descriptor[]).map((item) => item.name)).toEqual([
      "Home",
      "Our Rooms",
      "Deluxe",
    ]);
    expect(extra).toEqual({ "@type": "Thing", name: "x" });
  });

  it("marks noindex pages and leaves others indexable", () => {
    expect(content(meta, "name", "robots")).toBeUndefined();
    const missing = pageMeta({
      title: "Page Not Found",
      description: "d",
      path: "/x",
      origin: ORIGIN,
      noindex: true,
    });
    expect(content(missing as Descriptor[], "name", "robots")).toBe("noindex");
  });
});

describe("fullTitle", () => {
  it("does not repeat the brand", () => {
    expect(fullTitle(`Welcome to ${site.brandName}`)).toBe(`Welcome to ${site.brandName}`);
    expect(fullTitle("About")).toBe(`About | ${site.brandName}`);
  });
});

describe("deriveBreadcrumb", () => {
  it("sends /details/{id} back through the rooms list, which is a real page", () => {
    expect(deriveBreadcrumb("/details/2", "Executive Suite")).toEqual([
      { name: "Rooms", path: "/rooms" },
      { name: "Executive Suite", path: "/details/2" },
    ]);
  });

  it("names top-level pages by their title", () => {
    expect(deriveBreadcrumb("/team", "Our Team")).toEqual([{ name: "Our Team", path: "/team" }]);
  });
});

describe("originFromMatches", () => {
  it("reads the root loader's origin and falls back to the content's", () => {
    expect(originFromMatches([{ id: "root", loaderData: { origin: ORIGIN } }])).toBe(ORIGIN);
    expect(originFromMatches([undefined])).toBe(site.origin);
  });
});

describe("pageName", () => {
  it("drops a trailing brand so breadcrumbs read 'Deluxe Room'", () => {
    expect(pageName(`Deluxe Room | ${site.brandName}`)).toBe("Deluxe Room");
    expect(pageName("Deluxe Room")).toBe("Deluxe Room");
    const meta = pageMeta({
      title: `Deluxe Room | ${site.brandName}`,
      description: "d",
      path: "/details/1",
      origin: ORIGIN,
    }) as Descriptor[];
    const [trail] = jsonLd(meta);
    expect((trail?.itemListElement as Descriptor[]).at(-1)?.name).toBe("Deluxe Room");
    expect(meta[0]).toEqual({ title: `Deluxe Room | ${site.brandName}` });
  });
});
