// `node scripts/make-social-card.ts`: draws the 1200×630 picture that link previews show
// (Open Graph / Twitter) from the hero artwork, the brand name and the tagline, and writes it to
// public/social-card.jpg. Crawlers want a bitmap, not an SVG. Run it again after changing the
// brand name or the hero artwork; the result is committed, so builds do not need it.
import { readFile, writeFile } from "node:fs/promises";
import sharp from "sharp";
import { site } from "../app/content/site.ts";

const WIDTH = 1200;
const HEIGHT = 630;
const OUTPUT = new URL("../public/social-card.jpg", import.meta.url);
const BACKGROUND = new URL("../app/assets/images/hero-garden.svg", import.meta.url);
/** Link previews are fetched on slow connections too. */
const MAX_BYTES = 60 * 1024;

const escapeXml = (text: string) => text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);

const overlay = `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="shade" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0.35" stop-color="#152a20" stop-opacity="0"/>
      <stop offset="1" stop-color="#152a20" stop-opacity="0.88"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#shade)"/>
  <rect x="72" y="440" width="96" height="6" fill="#e8772e"/>
  <text x="72" y="516" font-family="Georgia, 'DejaVu Serif', serif" font-size="60" font-weight="700" fill="#fbf7f0">${escapeXml(site.brandName)}</text>
  <text x="72" y="572" font-family="system-ui, 'DejaVu Sans', sans-serif" font-size="32" fill="#f4ede1">${escapeXml(site.tagline)}</text>
</svg>`;

const background = await sharp(await readFile(BACKGROUND), { density: 96 })
  .resize(WIDTH, HEIGHT, { fit: "cover", position: "centre" })
  .toBuffer();

const card = await sharp(background)
  .composite([{ input: Buffer.from(overlay) }])
  .flatten({ background: "#152a20" })
  .jpeg({ quality: 80, mozjpeg: true, chromaSubsampling: "4:2:0" })
  .toBuffer();

if (card.length > MAX_BYTES) {
  throw new Error(`social card is ${card.length} bytes, over the ${MAX_BYTES}-byte budget`);
}
await writeFile(OUTPUT, card);
console.info(`wrote ${OUTPUT.pathname} (${WIDTH}×${HEIGHT}, ${card.length} bytes)`);
