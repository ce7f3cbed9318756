import { readFileSync } from "node:fs";

// The server's resident memory, read from /proc as `ps` and `top` show it (VmRSS):
// what the machine must really give the process.

/** The process's resident memory now, in MB (0 when it cannot be read: not Linux, or gone). */
export function residentMB(pid: number): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

/** Samples the resident memory every 100 ms until `stop`, which answers the highest seen. */
export function watchPeak(pid: number): { stop: () => number } {
  let peak = residentMB(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, residentMB(pid));
  }, 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, residentMB(pid));
    },
  };
}

/** After start: once the server answers, a second for what start-up left to settle. */
export async function residentAfterStart(pid: number): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  return residentMB(pid);
}
