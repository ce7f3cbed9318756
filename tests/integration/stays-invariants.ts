import { sql } from "kysely";
import type { DB } from "../../app/shared/db/client.server.ts";

/**
 * The nights a stay holds in its current room: from its check-in, or from the night it was moved
 * there while in house (`room_from`), to its check-out (a same-day stay: one night).
 */
const HELD = sql`daterange(least(greatest(check_in, coalesce(room_from, check_in)),
  greatest(check_out, check_in + 1) - 1), greatest(check_out, check_in + 1))`;

/**
 * Pairs of holding stays (bookings and reservations, Pending, Confirmed or Checked in) of one room
 * whose nights overlap, read from the requests themselves rather than the ledger: what must never
 * exist (decisions.md 23).
 */
export async function overlappingStays(db: DB): Promise<Array<{ a: string; b: string }>> {
  const result = await sql<{ a: string; b: string }>`
    with stays as (
      select id::text, room_id, ${HELD} as nights
        from bookings where status in ('Pending', 'Confirmed', 'Checked in')
      union all
      select id::text, room_id, ${HELD}
        from reservations where status in ('Pending', 'Confirmed', 'Checked in')
    )
    select x.id as a, y.id as b from stays x join stays y
      on x.room_id = y.room_id and x.id < y.id and x.nights && y.nights`.execute(db);
  return result.rows;
}

/** Holding requests without their ledger row, or ledger rows without a holding request. */
export async function ledgerDrift(db: DB): Promise<number> {
  const result = await sql<{ n: number }>`
    select count(*)::int as n from (
      (select room_id, ${HELD} as nights, id as source
         from bookings where status in ('Pending', 'Confirmed', 'Checked in')
       union all
       select room_id, ${HELD}, id
         from reservations where status in ('Pending', 'Confirmed', 'Checked in'))
      except
      select room_id, nights, coalesce(booking_id, reservation_id) from room_holds where closure_id is null
    ) missing`.execute(db);
  const extra = await sql<{ n: number }>`
    select count(*)::int as n from room_holds h
      left join bookings b on b.id = h.booking_id and b.status in ('Pending', 'Confirmed', 'Checked in')
      left join reservations r on r.id = h.reservation_id and r.status in ('Pending', 'Confirmed', 'Checked in')
      left join room_closures c on c.id = h.closure_id
     where b.id is null and r.id is null and c.id is null`.execute(db);
  return (result.rows[0]?.n ?? 0) + (extra.rows[0]?.n ?? 0);
}
