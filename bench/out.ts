// Where the benchmarks write what they measured: bench/out/, git-ignored (a run's figures belong
// to the machine and the moment it ran on, not to the repository). Relative imports only: the
// bench scripts load it without the build.
import { mkdir, writeFile } from "node:fs/promises";

const OUT_DIR = new URL("./out/", import.meta.url);

/** Writes `value` as JSON to bench/out/<name>, creating the folder when missing; answers the path. */
export async function writeResults(name: string, value: unknown): Promise<string> {
  await mkdir(OUT_DIR, { recursive: true });
  await writeFile(new URL(name, OUT_DIR), `${JSON.stringify(value, null, 2)}\n`);
  return `bench/out/${name}`;
}
