/**
 * Reading PostgreSQL's refusals. Both drivers (pg and PGlite) report the SQLSTATE as `code` and
 * the constraint's name as `constraint`.
 */
function pgError(error: unknown): { code?: unknown; constraint?: unknown; detail?: unknown } {
  return typeof error === "object" && error !== null ? (error as { code?: unknown }) : {};
}

/**
 * exclusion_violation (23P01) on the ledger of held nights: another stay or closure already holds
 * the room for one of these nights (decisions.md 23). Raised by the insert or update itself, so
 * it settles any race between simultaneous requests.
 */
export function isRoomAlreadyHeld(error: unknown): boolean {
  const { code, constraint } = pgError(error);
  return code === "23P01" && (constraint === undefined || constraint === "room_holds_no_overlap");
}

/** unique_violation (23505) of the index that allows one event per venue per day. */
export function isVenueAlreadyBooked(error: unknown): boolean {
  const { code, constraint, detail } = pgError(error);
  return (
    code === "23505" &&
    (constraint === "venue_bookings_one_event_per_day" ||
      (typeof detail === "string" && detail.includes("(venue_id, booking_date)")))
  );
}

/**
 * unique_violation (23505) on the given column, e.g. `bookings_submission_id_key`.
 */
export function isUniqueViolation(error: unknown, column: string): boolean {
  const { code, constraint, detail } = pgError(error);
  if (code !== "23505") return false;
  return (
    (typeof constraint === "string" && constraint.endsWith(`_${column}_key`)) ||
    (typeof detail === "string" && detail.includes(`(${column})`))
  );
}

/** foreign_key_violation (23503): the row refers to one that does not exist (a room id sent by hand). */
export function isForeignKeyViolation(error: unknown): boolean {
  return pgError(error).code === "23503";
}
