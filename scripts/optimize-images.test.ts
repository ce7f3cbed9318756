import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import {
  generatedDir,
  minifySvg,
  optimizePhotos,
  variantWidths,
  type PhotoManifest,
} from "./optimize-images.ts";

const photosDir = mkdtempSync(join(tmpdir(), "photos-"));
afterAll(() => rmSync(photosDir, { recursive: true, force: true }));

/** A plain photograph-like image: a gradient is enough for the encoders. */
async function writePhoto(name: string, width: number, height: number, orientation?: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 7) % 256;
  let image = sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 80 });
  if (orientation) image = image.withMetadata({ orientation });
  await image.toFile(join(photosDir, name));
}

describe("variantWidths", () => {
  it("never enlarges, and keeps the original width when it is narrower than the widest variant", () => {
    expect(variantWidths(3000)).toEqual([480, 960, 1600]);
    expect(variantWidths(1200)).toEqual([480, 960, 1200]);
    expect(variantWidths(300)).toEqual([300]);
  });
});

describe("optimizePhotos", () => {
  it("turns each photograph into AVIF and WebP at a few widths, described by manifest.json", async () => {
    await writePhoto("pool-deck.jpg", 2000, 1000);
    // Taken with the phone turned: the EXIF orientation swaps width and height.
    await writePhoto("garden.jpg", 1200, 800, 6);

    expect(await optimizePhotos(photosDir)).toBe(2);

    const out = generatedDir(photosDir);
    const manifest = JSON.parse(readFileSync(join(out, "manifest.json"), "utf8")) as PhotoManifest;
    expect(Object.keys(manifest).sort()).toEqual(["garden", "pool-deck"]);
    expect(manifest["pool-deck"]).toMatchObject({ width: 2000, height: 1000 });
    expect(manifest["pool-deck"]?.variants.avif.map((v) => v.width)).toEqual([480, 960, 1600]);
    expect(manifest["garden"]).toMatchObject({ width: 800, height: 1200 });

    for (const entry of Object.values(manifest)) {
      for (const [format, variants] of Object.entries(entry.variants)) {
        for (const { width, file } of variants) {
          const meta = await sharp(join(out, file)).metadata();
          expect(meta.format).toBe(format === "avif" ? "heif" : "webp");
          expect(meta.width).toBe(width);
        }
      }
    }
    // The variants are much lighter than the original.
    const original = statSync(join(photosDir, "pool-deck.jpg")).size;
    expect(statSync(join(out, "pool-deck-960w.avif")).size).toBeLessThan(original / 2);
  });

  it("leaves up-to-date variants alone on the next build", async () => {
    const file = join(generatedDir(photosDir), "pool-deck-480w.webp");
    const before = statSync(file).mtimeMs;
    expect(await optimizePhotos(photosDir)).toBe(2);
    expect(statSync(file).mtimeMs).toBe(before);
  });

  it("does nothing without a photographs folder", async () => {
    expect(await optimizePhotos(join(photosDir, "missing"))).toBe(0);
  });
});

describe("minifySvg", () => {
  it("drops comments, metadata and whitespace between tags, keeping text as written", () => {
    const svg =
      '<?xml version="1.0"?>\n<!-- drawn by hand -->\n<svg viewBox="0 0 10 10">\n  <metadata>x</metadata>\n' +
      '  <rect width="10" height="10"/>\n  <text x="1">Two  words</text>\n</svg>\n';
    expect(minifySvg(svg)).toBe(
      '<svg viewBox="0 0 10 10"><rect width="10" height="10"/><text x="1">Two  words</text></svg>',
    );
  });
});
