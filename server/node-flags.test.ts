import { describe, expect, it } from "vitest";
import { SERVER_ENV, withServerEnv } from "./node-flags.ts";

// What `npm start` and the bench give the server's C allocator (docs/configuration.md): the
// lodge's settings where the environment has none, the operator's own where it has.
describe("withServerEnv", () => {
  it("adds two arenas and a fixed 1 MB mmap threshold to an environment without them", () => {
    const env = withServerEnv({ PORT: "3000" });
    expect(env).toEqual({ PORT: "3000", MALLOC_ARENA_MAX: "2", MALLOC_MMAP_THRESHOLD_: "1048576" });
    expect(Object.keys(SERVER_ENV).sort()).toEqual(["MALLOC_ARENA_MAX", "MALLOC_MMAP_THRESHOLD_"]);
  });

  it("keeps the values the operator set", () => {
    const env = withServerEnv({ MALLOC_ARENA_MAX: "4", MALLOC_MMAP_THRESHOLD_: "131072" });
    expect(env.MALLOC_ARENA_MAX).toBe("4");
    expect(env.MALLOC_MMAP_THRESHOLD_).toBe("131072");
  });
});
