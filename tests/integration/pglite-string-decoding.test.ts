import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { afterAll, describe, expect, it } from "vitest";

// PGlite's protocol reader copied every text field of every row into an ArrayBuffer of its own
// before decoding it; patches/@electric-sql+pglite+0.5.16.patch decodes it where it lies
// (patches/README.md). These tests fail when `npm install` did not apply the patch, and when the
// patched reader decodes a field from the wrong place.

const require = createRequire(import.meta.url);
const distFolder = dirname(require.resolve("@electric-sql/pglite"));

describe("PGlite's text fields, decoded in place", () => {
  const pglite = new PGlite();
  afterAll(() => pglite.close());

  it("runs the patched reader", () => {
    const reader = readFileSync(join(distFolder, "chunk-Y6PULSM7.js"), "utf8");
    expect(reader).toContain("decode(new Uint8Array(n.buffer,n.byteOffset+s,t))");
    expect(reader).not.toContain("string(t){return r(this,le).decode(this.bytes(t))}");
  });

  it("reads every field of every row as it was written, multi-byte text, empty text and nulls included", async () => {
    const texts = [
      "Lusaka West",
      "",
      "Chikondi Mwansa – Zambië ✓",
      "K1,200",
      "🦒 kids play park",
      "x".repeat(5000),
    ];
    const result = await pglite.query<{ i: number; a: string | null; b: string; c: string | null }>(
      `select i, t as a, upper(t) || '|' || i as b, case when i % 2 = 0 then null else t end as c
       from unnest($1::text[]) with ordinality as u(t, i) order by i`,
      [texts],
    );
    expect(result.rows).toEqual(
      texts.map((text, index) => ({
        i: index + 1,
        a: text,
        b: `${text.toUpperCase()}|${index + 1}`,
        c: (index + 1) % 2 === 0 ? null : text,
      })),
    );
  });

  it("names columns and reports errors as before (the same reader reads both)", async () => {
    const result = await pglite.query(`select 1 as "prix à payer"`);
    expect(result.fields.map((field) => field.name)).toEqual(["prix à payer"]);
    await expect(pglite.query(`select * from "chambre introuvable"`)).rejects.toThrow(
      'relation "chambre introuvable" does not exist',
    );
  });
});
