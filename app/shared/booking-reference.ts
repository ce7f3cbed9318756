// Short references guests can read out on the phone (decisions 10). The alphabet leaves out
// 0/O, 1/I/L so nothing is misread; randomness comes from the Web Crypto API, which both
// browsers and Node 24 expose as globalThis.crypto.

export const BOOKING_REFERENCE_PREFIX = "LDG-";
export const BOOKING_REFERENCE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ";
const BOOKING_REFERENCE_LENGTH = 6;

const REFERENCE_PATTERN = new RegExp(
  `^${BOOKING_REFERENCE_PREFIX}[${BOOKING_REFERENCE_ALPHABET}]{${BOOKING_REFERENCE_LENGTH}}$`,
);

/** Fills the array with random bytes and returns it (the shape of crypto.getRandomValues). */
export type RandomBytes = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array;

const cryptoRandomBytes: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** e.g. 'LDG-7K3QX9'. Pass `randomBytes` only in tests. */
export function createBookingReference(randomBytes: RandomBytes = cryptoRandomBytes): string {
  const size = BOOKING_REFERENCE_ALPHABET.length;
  // Rejection sampling: bytes at or above the largest multiple of the alphabet size would make
  // the first characters more likely than the rest, so they are thrown away.
  const limit = 256 - (256 % size);
  let code = "";
  while (code.length < BOOKING_REFERENCE_LENGTH) {
    for (const byte of randomBytes(new Uint8Array(16))) {
      if (byte < limit && code.length < BOOKING_REFERENCE_LENGTH)
        code += BOOKING_REFERENCE_ALPHABET[byte % size];
    }
  }
  return BOOKING_REFERENCE_PREFIX + code;
}

export function isBookingReference(value: unknown): value is string {
  return typeof value === "string" && REFERENCE_PATTERN.test(value);
}
