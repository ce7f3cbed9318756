import { randomBytes, timingSafeEqual } from "node:crypto";
import { argon2id } from "hash-wasm";

/**
 * Staff passwords (docs/decisions/0011-staff-sign-in.md): argon2id through hash-wasm (pure
 * WebAssembly, nothing to compile), with OWASP's minimum parameters for argon2id: 19 MiB of
 * memory, 2 iterations, 1 lane. Stored as the standard PHC string, which names its parameters, so
 * they can be raised later and older hashes still verify.
 */
export const ARGON2_PARAMETERS = {
  memorySize: 19_456,
  iterations: 2,
  parallelism: 1,
  hashLength: 32,
} as const;

export async function hashPassword(password: string): Promise<string> {
  return argon2id({ password, salt: randomBytes(16), ...ARGON2_PARAMETERS, outputType: "encoded" });
}

const PHC = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/**
 * Whether `password` matches the PHC string. The hash is recomputed with the stored parameters
 * and compared in constant time; a malformed hash never matches.
 */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const match = PHC.exec(phc);
  // hash-wasm refuses an empty password; the sign-in form never sends one anyway.
  if (!match || password.length === 0) return false;
  const [, m, t, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const expected = Buffer.from(hash, "base64");
  const actual = await argon2id({
    password,
    salt: Buffer.from(salt, "base64"),
    memorySize: Number(m),
    iterations: Number(t),
    parallelism: Number(p),
    hashLength: expected.length,
    outputType: "binary",
  });
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

/**
 * A hash that matches nothing, verified when the e-mail is unknown so a sign-in takes as long
 * whether or not the account exists.
 */
let decoy: Promise<string> | undefined;
export function decoyHash(): Promise<string> {
  decoy ??= hashPassword(randomBytes(16).toString("hex"));
  return decoy;
}
