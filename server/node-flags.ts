// The V8 heap limits the production server runs with, to keep it within the memory budgets of
// docs/performance.md on the embedded database. V8 reads them only when the process starts, so
// `npm start` (scripts/start.ts) replaces itself with a process that has them, and the bench starts
// its servers with them too.
// - --max-semi-space-size=8: on a machine with a lot of memory V8 lets the young generation grow
//   to 64 MB a half, memory the server then holds at its peak; more frequent scavenges are the
//   price.
// - --max-old-space-size=128: well above what the server keeps alive at ten years of history.
//   Without a limit V8 sizes it by the machine's memory and lets garbage pile up to it.
// - --heap-growing-percent=75: with a small heap V8 grows it so little that busy console pages
//   collect the old generation in full over and over; this trades some memory for their speed.
// - --no-liftoff: PGlite's WebAssembly (PostgreSQL itself) compiled once, optimised. Compiled
//   twice, the default, the compiler threads' working memory stays with the C allocator. The price
//   is a slower first start; only the server pays it (tests and scripts compile the default way).
// - --expose-gc: the daily backup asks for a collection of the young generation as it reads, so
//   its read buffers are freed as it goes (app/shared/db/backups.server.ts).
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=8",
  "--max-old-space-size=128",
  "--no-liftoff",
  "--expose-gc",
  "--heap-growing-percent=75",
];

/**
 * The environment the production server starts with, unless it is set already (`npm start` and
 * the bench give it). glibc reads both only when the process starts.
 * - `MALLOC_ARENA_MAX`: the C allocator gives every thread that allocates its own arena and keeps
 *   what an arena once held; two arenas hold far less at the peak, at no cost in speed.
 * - `MALLOC_MMAP_THRESHOLD_`: blocks of 1 MB and more are mapped on their own and given back when
 *   freed. Left to itself, glibc raises that threshold each time a large block is freed, and the
 *   start frees several (PGlite's among them); later large blocks then fill the main heap, whose
 *   freed holes stay resident for good.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: String(1024 * 1024),
};

/** `env` with SERVER_ENV's settings added where `env` has none of its own. */
export function withServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...SERVER_ENV, ...env };
}
