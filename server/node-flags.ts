// The V8 heap limits the production server runs with (issue 19: ≤ 256 MB resident after start and
// ≤ 384 MB under load on the embedded database). V8 reads them only when the process starts, so
// `npm start` (scripts/start.ts) replaces itself with a process that has them, and the bench starts
// its servers with them too.
// - the young generation: V8 lets each of its two halves grow to 64 MB on a machine with a lot of
//   memory; capped at 8 MB the server held 130 MB less at its peak under the console's load, with no
//   throughput lost that the (noisy) measurement could see (docs/query-plans-issue-19.md, "Memory");
// - the old generation: 128 MB, two to three times what the server keeps alive at ten years of
//   history (a CSV export of all 63,000 requests of the seeded history included). Without a limit
//   V8 sizes it by the machine's memory and lets garbage pile up to it between collections.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=128"];
