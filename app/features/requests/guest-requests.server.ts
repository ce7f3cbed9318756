import { createBookingReference } from "~/shared/booking-reference.ts";
import { isUniqueViolation } from "../../shared/db/database-errors.server.ts";

/**
 * Saving a guest request (booking, venue booking, reservation) exactly once.
 *
 * Every rendered form carries a submission id (decisions.md 10, 16): a second
 * POST of the same form — a double click, a retried request on a flaky mobile
 * connection — finds the first record instead of writing another. The unique
 * index on `submission_id` settles the race between two such requests; the
 * loser's transaction rolls back and it answers with the winner's record.
 */
export interface Saved<T> {
  record: T;
  /** True when this submission had already been saved. */
  repeated: boolean;
}

/** A fresh reference on each attempt: two colliding references are retried. */
const REFERENCE_ATTEMPTS = 3;

export async function saveOnce<T>(
  submissionId: string | null | undefined,
  find: (submissionId: string) => Promise<T | undefined>,
  insert: (reference: string) => Promise<T>,
): Promise<Saved<T>> {
  if (submissionId) {
    const existing = await find(submissionId);
    if (existing) return { record: existing, repeated: true };
  }
  for (let attempt = 1; ; attempt++) {
    try {
      return { record: await insert(createBookingReference()), repeated: false };
    } catch (error) {
      if (submissionId && isUniqueViolation(error, "submission_id")) {
        const existing = await find(submissionId);
        if (existing) return { record: existing, repeated: true };
      }
      if (attempt < REFERENCE_ATTEMPTS && isUniqueViolation(error, "reference")) continue;
      throw error;
    }
  }
}

/** Who makes a request: the guest on the site, or staff at the desk (named). */
export type RequestAuthor = { actor: "guest" } | { actor: "staff"; staffAccountId: number };
