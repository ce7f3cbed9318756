import { sql, type Kysely } from "kysely";

// A refund reduces the sale only for the part that is not money paid beyond the folio's total
// (decisions.md 37, ADR 0029). A refund wholly of an overpayment (a guest in credit after a
// correction, or who paid twice) gives back money that was never part of the sale: it makes no
// credit note and takes no invoice number. Any other refund still makes its credit note naming
// the current invoice (reason 06); the sender credits only the part beyond the overpayment.
// The folio's total is the request's kept total plus its charges not voided; the money paid
// before the refund is the request's earlier ledger entries. Every earlier row is kept: only the
// trigger's function changes.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await sql
    .raw(
      `create or replace function payments_fiscalise() returns trigger language plpgsql as $$
       declare
         req_kind text;
         req_id uuid;
         sale bigint;
         folio_total numeric;
         paid_before numeric;
       begin
         if new.kind <> 'refund' then return null; end if;
         req_kind := case when new.booking_id is not null then 'booking'
                          when new.reservation_id is not null then 'reservation'
                          else 'venue-booking' end;
         req_id := coalesce(new.booking_id, new.reservation_id, new.venue_booking_id);
         select id into sale from fiscal_documents
          where kind = 'sale' and request_kind = req_kind and request_id = req_id and superseded_at is null;
         if sale is null then return null; end if;
         folio_total := case req_kind
             when 'booking' then (select total_price from bookings where id = req_id)
             when 'reservation' then (select total_price from reservations where id = req_id)
             else (select total_price from venue_bookings where id = req_id) end
           + coalesce((select sum(amount_ngwee) from folio_charges c
                        where c.voided_at is null
                          and (c.booking_id = req_id or c.reservation_id = req_id
                               or c.venue_booking_id = req_id)), 0) / 100.0;
         select coalesce(sum(case when p.kind = 'payment' then p.amount else -p.amount end), 0)
           into paid_before
           from payments p
          where p.id < new.id
            and (p.booking_id = req_id or p.reservation_id = req_id or p.venue_booking_id = req_id);
         if new.amount <= greatest(0, paid_before - folio_total) then return null; end if;
         perform fiscal_enqueue('credit', req_kind, req_id, sale, new.id, '06');
         return null;
       end $$`,
    )
    .execute(db);
}
