// `node tests/e2e/servers-ready.ts URL...`: the last of playwright.config.ts's web servers. Playwright
// starts its web servers one after the other, each once the one before answers; the sites
// count as started when they log that they listen, so they prepare their databases side by side,
// and this waits until every one of them answers before the tests begin, as each did before.
// A URL given as `any:URL` only has to answer (the database-down site answers 503).
import { setTimeout as sleep } from "node:timers/promises";

const targets = process.argv
  .slice(2)
  .map((argument) =>
    argument.startsWith("any:")
      ? { url: argument.slice(4), anyStatus: true }
      : { url: argument, anyStatus: false },
  );

async function answers({ url, anyStatus }: { url: string; anyStatus: boolean }): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(60_000) });
    await response.body?.cancel();
    return anyStatus || response.ok;
  } catch {
    return false;
  }
}

await Promise.all(
  targets.map(async (target) => {
    while (!(await answers(target))) await sleep(200);
  }),
);
console.log("all servers ready");
// Playwright stops this process with the servers; until then it holds nothing.
setInterval(() => {}, 1 << 30);
