import { describe, expect, it } from "vitest";
import { ARGON2_PARAMETERS, hashPassword, verifyPassword } from "./staff-passwords.server.ts";

describe("staff passwords", () => {
  it("stores argon2id with OWASP's minimum parameters (m=19456 KiB, t=2, p=1) and a random salt", async () => {
    const first = await hashPassword("correct horse battery");
    const second = await hashPassword("correct horse battery");
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(ARGON2_PARAMETERS).toMatchObject({ memorySize: 19_456, iterations: 2, parallelism: 1 });
    expect(second).not.toBe(first);
  });

  it("verifies the right password only", async () => {
    const hash = await hashPassword("correct horse battery");
    expect(await verifyPassword("correct horse battery", hash)).toBe(true);
    expect(await verifyPassword("correct horse batterY", hash)).toBe(false);
    expect(await verifyPassword("", hash)).toBe(false);
  });

  it("never matches a malformed or foreign hash", async () => {
    expect(await verifyPassword("x", "")).toBe(false);
    expect(await verifyPassword("x", "$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaA")).toBe(false);
    expect(await verifyPassword("x", "plain text")).toBe(false);
  });
});
