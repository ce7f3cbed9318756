// `node scripts/together.ts typecheck lint`: runs npm scripts side by side and fails when any of
// them fails. `npm test` uses it for steps that each keep one core busy (tsc, eslint), so on a
// machine with two cores they take the time of the longer rather than of both. Each script's
// output is held back and printed whole when it ends, so the logs do not interleave.
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/together.ts <npm script>...");
  process.exit(2);
}

const outcomes = await Promise.all(
  names.map(
    (name) =>
      new Promise<boolean>((resolve) => {
        const chunks: Buffer[] = [];
        const child = spawn("npm", ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
        child.stdout.on("data", (chunk: Buffer) => chunks.push(chunk));
        child.stderr.on("data", (chunk: Buffer) => chunks.push(chunk));
        child.on("close", (code, signal) => {
          const outcome = code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
          process.stdout.write(`\n> npm run ${name}\n${Buffer.concat(chunks).toString("utf8")}`);
          process.stdout.write(`< npm run ${name}: ${outcome}\n`);
          resolve(code === 0);
        });
      }),
  ),
);

process.exit(outcomes.every(Boolean) ? 0 : 1);
