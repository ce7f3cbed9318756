// The V8 heap limits the production server runs with (issue 19: ≤ 256 MB resident after start and
// ≤ 384 MB under load on the embedded database). V8 reads them only when the process starts, so
// `npm start` (scripts/start.ts) replaces itself with a process that has them, and the bench starts
// its servers with them too.
// - the young generation: V8 lets each of its two halves grow to 64 MB on a machine with a lot of
//   memory; capped at 8 MB the server held 130 MB less at its peak under the console's load. The
//   price, counted with `--trace-gc` over 40,000 cached-page requests: 200–220 scavenges and 9–13
//   full collections (560–610 ms of pauses, about 3% of the CPU those requests took) against
//   110–120 and 3–4 (240–350 ms) at 16 MB. Side by side with the build of 2026-11-24, pages from
//   the page cache serve 0.80–0.93× its requests with these flags (docs/performance.md, "Memory
//   flags" and the evening's figures). 16 MB would hold some 18 MB more at the ten-year peak
//   (365 MB now, goal 384): not yet measured in a full bench run.
// - the old generation: 128 MB, two to three times what the server keeps alive at ten years of
//   history (a CSV export of all 63,000 requests of the seeded history included). Without a limit
//   V8 sizes it by the machine's memory and lets garbage pile up to it between collections.
// - the old generation's growth: 75% over what the last full collection left alive. V8 picks the
//   factor from the heap's maximum, 1.3 for any maximum up to 256 MB: with ~45 MB alive the
//   server collected the old generation in full every ~100 ms under the console's load at ten
//   years of history (132 full collections in 15 s on the board against 41 on an empty database:
//   a busy month's pages promote more of what requests still hold when the young generation is
//   collected). At 1.75 the board at ten years served 91–105 requests a second against 75–81
//   (1.36–1.43× of the empty database's against 1.68–1.72×), and pages from the page cache
//   1.41–1.78× the requests of the 2026-11-24 build side by side (1.03–1.35× at 1.3). The price
//   is memory: in two full bench runs the ten-year server peaked at 379 and 390 MB (391 and 395
//   writing a backup under load) against 365 before, over issue 19's 384 MB; with two allocator
//   arenas (SERVER_ENV, below) 320 and 326 MB (338 and 342).
//   docs/query-plans-issue-19.md, "Sixth pass"; docs/performance.md.
// - PGlite's WebAssembly (PostgreSQL itself) compiled once, optimised, as each function is first
//   called (--no-liftoff). By default V8 compiles every function quickly (Liftoff) and again,
//   optimised, once it runs often, on background threads whose working memory the C allocator
//   keeps: PGlite opened alone held 380–690 MB after a few queries on ten years of history, varying
//   from run to run, against 170–190 MB compiled once. The price is a slower first start (some
//   seconds) and first calls; only the server pays it (tests and scripts compile the default way).
// - `gc()` for the daily backup, which asks for a collection of the young generation every 8 MB it
//   reads, so its read buffers are freed as it goes (app/shared/db/backups.server.ts): a backup of ten
//   years of history under the console's load took the server from 368 to 408 MB without it.
export const SERVER_NODE_FLAGS = [
  "--max-semi-space-size=8",
  "--max-old-space-size=128",
  "--no-liftoff",
  "--expose-gc",
  "--heap-growing-percent=75",
];

/**
 * The environment the production server starts with, unless it is set already (`npm start` and
 * the bench give it). `MALLOC_ARENA_MAX`: the C allocator gives every thread that allocates its
 * own arena, and keeps what an arena once held. V8's collector threads, the compiler's and the
 * file system's each had theirs, and under the console's load at ten years of history the server
 * peaked at 342–370 MB; with two arenas, 291–298 MB, the pages' speed alike within the noise
 * (docs/query-plans-issue-19.md, "Seventh pass"). glibc reads it only when the process starts.
 */
export const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_ARENA_MAX: "2" };

/** `env` with SERVER_ENV's settings added where `env` has none of its own. */
export function withServerEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return { ...SERVER_ENV, ...env };
}
