// Run by `npm run build` after the client build: writes a brotli (.br, highest quality) and a
// gzip (.gz) twin beside each text asset, where that is smaller. server/static-files.ts serves
// them, so the server spends no CPU compressing the same files for every guest.
import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const CLIENT_DIR = join(process.env.BUILD_DIR ?? "build", "client");
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|webmanifest|html)$/;
/** Below this a compressed copy saves less than the headers it costs. */
const MIN_BYTES = 1024;

export function brotli(data: Buffer): Buffer {
  return brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
}

export const gzip = (data: Buffer): Buffer => gzipSync(data, { level: 9 });

async function main() {
  const names = await readdir(CLIENT_DIR, { recursive: true });
  let saved = 0;
  let count = 0;
  for (const name of names) {
    if (!COMPRESSIBLE.test(name)) continue;
    const path = join(CLIENT_DIR, name);
    if (!(await stat(path)).isFile()) continue;
    const data = await readFile(path);
    if (data.length < MIN_BYTES) continue;
    for (const [suffix, packed] of [
      [".br", brotli(data)],
      [".gz", gzip(data)],
    ] as const) {
      if (packed.length >= data.length) continue;
      await writeFile(path + suffix, packed);
      if (suffix === ".br") saved += data.length - packed.length;
    }
    count++;
  }
  console.info(`precompressed ${count} files in ${CLIENT_DIR} (brotli saves ${Math.round(saved / 1024)} KB)`);
}

if (import.meta.main) await main();
