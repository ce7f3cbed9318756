/**
 * Shares a read among callers without ever answering one with a value read before it asked. A
 * caller who comes while no read runs starts one; callers who come while one runs wait for the
 * next, which starts when the running one ends, and all of them share it. Under load that is one
 * read per read's duration instead of one per request, and each answer still reflects what was
 * committed before its caller asked (the page cache's data version, ADR 0013).
 */
export function freshReads<T>(read: () => Promise<T>): () => Promise<T> {
  let running: Promise<T> | undefined;
  let queued: Promise<T> | undefined;
  const start = (): Promise<T> => {
    const run = read().finally(() => {
      if (running === run) running = undefined;
    });
    running = run;
    return run;
  };
  return () => {
    if (!running) return start();
    queued ??= running
      .then(
        () => undefined,
        () => undefined,
      )
      .then(() => {
        queued = undefined;
        return start();
      });
    return queued;
  };
}
