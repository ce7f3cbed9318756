// `node scripts/together.ts typecheck lint`: runs npm scripts side by side and fails when any of
// them fails. `npm test` uses it twice: for the type check, the lint and the build, which each keep
// one core busy, so two cores share them; then for Vitest and Playwright, which mostly wait on
// servers, databases and the browser rather than compute. Each script's output is held back and
// printed whole when it ends (or when this is stopped), so the logs do not interleave.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/together.ts <npm script>...");
  process.exit(2);
}

const running = new Map<string, { chunks: Buffer[]; stop: (signal: NodeJS.Signals) => void }>();

// Stopped (a CI time limit, Ctrl-C): show what each script has said so far, and stop them.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    for (const [name, { chunks, stop }] of running) {
      process.stdout.write(`\n> npm run ${name} (stopped)\n${Buffer.concat(chunks).toString("utf8")}`);
      stop(signal);
    }
    process.exit(1);
  });
}

const outcomes = await Promise.all(
  names.map(
    (name) =>
      new Promise<boolean>((resolve) => {
        const chunks: Buffer[] = [];
        const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
        running.set(name, { chunks, stop: (signal) => child.kill(signal) });
        child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
        child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
        child.on("close", (code, signal) => {
          running.delete(name);
          const outcome = code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n> npm run ${name}\n${Buffer.concat(chunks).toString("utf8")}`);
          process.stdout.write(`< npm run ${name}: ${outcome}\n`);
          resolve(code === 0);
        });
      }),
  ),
);

process.exit(outcomes.every(Boolean) ? 0 : 1);
