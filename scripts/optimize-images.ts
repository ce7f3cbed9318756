// `npm run images` (and the first step of `npm run build`):
//  1. Photographs the lodge drops into app/assets/photos/ (JPEG or PNG) become AVIF and WebP at a
//     few widths in app/assets/photos/generated/, with manifest.json describing them; the
//     <ResponsiveImage> component turns an entry into <picture> with srcset. Up-to-date outputs
//     are kept, so a build without new photos spends no time here.
//  2. SVG artwork under app/assets/ is minified in place (comments, metadata, whitespace between
//     tags), written back only when smaller.
import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { basename, extname, join, relative } from "node:path";
import sharp, { type Sharp } from "sharp";

const ASSETS_DIR = "app/assets";
const PHOTOS_DIR = join(ASSETS_DIR, "photos");
/** Phone, tablet / 2× phone, desktop; never wider than the original. */
export const WIDTHS = [480, 960, 1600] as const;
const FORMATS = {
  avif: (image: Sharp) => image.avif({ quality: 50, effort: 4 }),
  webp: (image: Sharp) => image.webp({ quality: 72, effort: 5 }),
} as const;
export type PhotoFormat = keyof typeof FORMATS;

export type PhotoManifestEntry = {
  /** Intrinsic size of the original, for width/height (no layout shift). */
  width: number;
  height: number;
  /** Generated files, relative to the generated folder, per format, narrowest first. */
  variants: Record<PhotoFormat, Array<{ width: number; file: string }>>;
};
export type PhotoManifest = Record<string, PhotoManifestEntry>;

export function variantWidths(originalWidth: number): number[] {
  const widths = WIDTHS.filter((width) => width < originalWidth);
  return [...new Set([...widths, Math.min(originalWidth, WIDTHS.at(-1) ?? originalWidth)])];
}

const newerThan = async (output: string, sourceTime: number) =>
  existsSync(output) && (await stat(output)).mtimeMs >= sourceTime;

/** The folder the variants and manifest.json go to, inside the photographs' folder. */
export const generatedDir = (photosDir: string) => join(photosDir, "generated");

/** Makes the variants and manifest of every JPEG or PNG in `photosDir`; returns how many. */
export async function optimizePhotos(photosDir: string): Promise<number> {
  if (!existsSync(photosDir)) return 0;
  const photos = (await readdir(photosDir)).filter((name) => /\.(jpe?g|png)$/i.test(name));
  if (photos.length === 0) return 0;
  const outputDir = generatedDir(photosDir);
  await mkdir(outputDir, { recursive: true });
  const manifest: PhotoManifest = {};
  for (const name of photos.sort()) {
    const source = join(photosDir, name);
    const sourceTime = (await stat(source)).mtimeMs;
    const key = basename(name, extname(name));
    // Orientation from EXIF is applied once here, so width/height match what is shown.
    const { width = 0, height = 0 } = await sharp(source)
      .rotate()
      .metadata()
      .then((meta) => ((meta.orientation ?? 1) >= 5 ? { width: meta.height, height: meta.width } : meta));
    const entry: PhotoManifestEntry = { width, height, variants: { avif: [], webp: [] } };
    for (const target of variantWidths(width)) {
      for (const format of Object.keys(FORMATS) as PhotoFormat[]) {
        const file = `${key}-${target}w.${format}`;
        const output = join(outputDir, file);
        if (!(await newerThan(output, sourceTime))) {
          await FORMATS[format](
            sharp(source).rotate().resize({ width: target, withoutEnlargement: true }),
          ).toFile(output);
        }
        entry.variants[format].push({ width: target, file });
      }
    }
    manifest[key] = entry;
  }
  await writeFile(join(outputDir, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
  return photos.length;
}

/** Light and safe: text, tspan and style content keep their whitespace. */
export function minifySvg(svg: string): string {
  const protectedBlocks: string[] = [];
  const shielded = svg.replace(/<(text|style|script)\b[\s\S]*?<\/\1>/g, (block) => {
    protectedBlocks.push(block);
    return `\u0000${protectedBlocks.length - 1}\u0000`;
  });
  const minified = shielded
    .replace(/<\?xml[\s\S]*?\?>/g, "")
    .replace(/<!DOCTYPE[^>]*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<metadata\b[\s\S]*?<\/metadata>/g, "")
    .replace(/<(sodipodi|inkscape):[^>]*?(\/>|>[\s\S]*?<\/\1:[^>]*>)/g, "")
    .replace(/>\s+</g, "><")
    // …also around the shielded blocks (whitespace between SVG elements means nothing).
    .replace(/>\s+(?=\u0000\d+\u0000)/g, ">")
    .replace(/(\u0000\d+\u0000)\s+</g, "$1<")
    .replace(/[ \t]*\n\s*/g, " ")
    .trim();
  return minified.replace(/\u0000(\d+)\u0000/g, (_, index: string) => protectedBlocks[Number(index)] ?? "");
}

async function minifySvgs(): Promise<{ files: number; saved: number }> {
  const names = (await readdir(ASSETS_DIR, { recursive: true })).filter((name) => name.endsWith(".svg"));
  let files = 0;
  let saved = 0;
  for (const name of names) {
    const path = join(ASSETS_DIR, name);
    const original = await readFile(path, "utf8");
    const minified = minifySvg(original);
    const difference = Buffer.byteLength(original) - Buffer.byteLength(minified);
    if (difference <= 0) continue;
    await writeFile(path, minified);
    files++;
    saved += difference;
  }
  return { files, saved };
}

async function main() {
  const photos = await optimizePhotos(PHOTOS_DIR);
  if (photos > 0) console.info(`images: ${photos} photographs → ${relative(".", generatedDir(PHOTOS_DIR))}`);
  const svg = await minifySvgs();
  console.info(`images: ${svg.files} SVG files minified (${svg.saved} bytes saved)`);
}

if (import.meta.main) await main();
