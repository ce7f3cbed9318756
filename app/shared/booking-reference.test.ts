import { describe, expect, it } from "vitest";
import {
  BOOKING_REFERENCE_ALPHABET,
  type RandomBytes,
  createBookingReference,
  isBookingReference,
} from "./booking-reference.ts";

describe("createBookingReference", () => {
  it("has the LDG- prefix and six unambiguous characters", () => {
    for (let i = 0; i < 1000; i++) {
      const reference = createBookingReference();
      expect(reference).toMatch(/^LDG-[2-9A-HJKMNP-Z]{6}$/);
      expect(reference.slice(4)).not.toMatch(/[01OIL]/);
      expect(isBookingReference(reference)).toBe(true);
    }
  });

  it("does not repeat over 10,000 draws", () => {
    const seen = new Set<string>();
    for (let i = 0; i < 10_000; i++) seen.add(createBookingReference());
    // 31^6 ≈ 8.9e8 codes: a birthday collision in 10k draws has probability ≈ 0.06 %.
    expect(seen.size).toBeGreaterThanOrEqual(9_998);
  });

  it("uses every character of the alphabet", () => {
    const used = new Set<string>();
    for (let i = 0; i < 2000; i++) for (const char of createBookingReference().slice(4)) used.add(char);
    expect([...used].sort().join("")).toBe([...BOOKING_REFERENCE_ALPHABET].sort().join(""));
  });

  it("draws from the injected source and skips biased bytes", () => {
    // 255 and 248 are above the last full multiple of 31 (248) and must be skipped.
    const bytes = [255, 248, 0, 1, 30, 31, 62, 247];
    const source: RandomBytes = (target) => {
      target.fill(0);
      target.set(bytes.slice(0, target.length));
      return target;
    };
    const alphabet = BOOKING_REFERENCE_ALPHABET;
    expect(createBookingReference(source)).toBe(
      `LDG-${alphabet[0]}${alphabet[1]}${alphabet[30]}${alphabet[0]}${alphabet[0]}${alphabet[30]}`,
    );
  });

  it("keeps drawing when a whole batch is rejected", () => {
    let calls = 0;
    const source: RandomBytes = (target) => target.fill(calls++ === 0 ? 255 : 7);
    expect(createBookingReference(source)).toBe(`LDG-${BOOKING_REFERENCE_ALPHABET[7]!.repeat(6)}`);
    expect(calls).toBe(2);
  });
});

describe("isBookingReference", () => {
  it("rejects anything else", () => {
    for (const value of [
      "LDG-7K3QX",
      "LDG-7K3QX99",
      "ldg-7K3QX9",
      "LDG-7k3qx9",
      "LDG-0K3QX9",
      "LDG-IK3QX9",
      "XYZ-7K3QX9",
      " LDG-7K3QX9",
      "",
      undefined,
      42,
    ]) {
      expect(isBookingReference(value), String(value)).toBe(false);
    }
    expect(isBookingReference("LDG-7K3QX9")).toBe(true);
  });
});
