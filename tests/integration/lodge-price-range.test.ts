import { expect, it } from "vitest";
import * as contact from "~/routes/contact.tsx";
import * as home from "~/routes/home.tsx";
import { describeEachEngine } from "./test-database.ts";
import { args } from "./route-calls.ts";

// Prices have one source, the database: the lodge's structured data on / and /contact
// states the range of the rates the database holds, and follows a change made there.

type Descriptor = Record<string, unknown>;

/** The LodgingBusiness node a page's meta function renders from its loader's data. */
function lodgingBusiness(meta: (args: never) => unknown, loaderData: unknown): Descriptor | undefined {
  const descriptors = meta({ matches: [], loaderData, params: {}, location: {} } as never) as Descriptor[];
  return descriptors
    .map((descriptor) => descriptor["script:ld+json"] as Descriptor | undefined)
    .find((node) => node?.["@type"] === "LodgingBusiness");
}

describeEachEngine("the lodge's price range", (getDatabase) => {
  const pages = async () => {
    const { context } = getDatabase();
    const homeData = await home.loader(args(new Request("http://localhost:3000/"), context()));
    const contactData = await contact.loader(args(new Request("http://localhost:3000/contact"), context()));
    return [
      lodgingBusiness(home.meta as never, homeData),
      lodgingBusiness(contact.meta as never, contactData),
    ];
  };

  it("is the range of the database's rates on / and /contact, and follows a change there", async () => {
    expect((await pages()).map((node) => node?.priceRange)).toEqual(["K350 - K550", "K350 - K550"]);
    const { db } = getDatabase();
    const minis = await db
      .selectFrom("rooms")
      .select(["id", "price"])
      .where("type", "=", "Mini Suite")
      .execute();
    await db.updateTable("rooms").set({ price: 300 }).where("type", "=", "Mini Suite").execute();
    try {
      expect((await pages()).map((node) => node?.priceRange)).toEqual(["K300 - K550", "K300 - K550"]);
    } finally {
      for (const room of minis) {
        await db.updateTable("rooms").set({ price: room.price }).where("id", "=", room.id).execute();
      }
    }
  });
});
