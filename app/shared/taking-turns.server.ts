import { setImmediate as eventLoopTurn } from "node:timers/promises";
import pLimit from "p-limit";

/**
 * A queue of long work on the server's one thread (a back-office query on the embedded database,
 * a page's render): at most `atOnce` tasks run together, and each begins after a turn of the event
 * loop. Tasks that follow one another by promises alone never let the event loop read a request
 * that arrived meanwhile: it would wait for the whole queue, not for one task.
 */
export type TakingTurns = <T>(task: () => Promise<T>) => Promise<T>;

export function takingTurns(atOnce: number): TakingTurns {
  const limit = pLimit(atOnce);
  return (task) =>
    limit(async () => {
      await eventLoopTurn();
      return task();
    });
}
