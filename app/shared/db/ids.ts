/** Room and venue ids are PostgreSQL `integer`s: anything else names no row. */
const MAX_INTEGER_ID = 2_147_483_647;

/** "17" or 17 → 17; anything that cannot be such an id → undefined. */
export function toIntegerId(value: string | number): number | undefined {
  const id = typeof value === "number" ? value : /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= MAX_INTEGER_ID ? id : undefined;
}
