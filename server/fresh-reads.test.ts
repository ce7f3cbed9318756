import { describe, expect, it } from "vitest";
import { freshReads } from "./fresh-reads.ts";

/** A read whose answers the test releases one by one; each answer is the read's number. */
function controlledRead() {
  const pending: Array<() => void> = [];
  let started = 0;
  const read = () => {
    started += 1;
    const number = started;
    return new Promise<number>((resolve) => pending.push(() => resolve(number)));
  };
  return { read, started: () => started, finish: () => pending.shift()?.() };
}

describe("freshReads", () => {
  it("shares the next read among callers who come while one runs, never the running one", async () => {
    const source = controlledRead();
    const get = freshReads(source.read);
    const first = get();
    const late = [get(), get(), get()];
    expect(source.started()).toBe(1);
    source.finish();
    expect(await first).toBe(1);
    await Promise.resolve();
    // The three who came during read 1 share read 2, started after they asked.
    expect(source.started()).toBe(2);
    const later = get();
    source.finish();
    expect(await Promise.all(late)).toEqual([2, 2, 2]);
    await Promise.resolve();
    expect(source.started()).toBe(3);
    source.finish();
    expect(await later).toBe(3);
  });

  it("starts afresh after a failed read, and a failure reaches only its own callers", async () => {
    let calls = 0;
    const get = freshReads(async () => {
      calls += 1;
      if (calls === 1) throw new Error("down");
      return calls;
    });
    await expect(get()).rejects.toThrow("down");
    expect(await get()).toBe(2);
  });
});
