import { sql, type Kysely } from "kysely";

// The buyer of a fiscal invoice, and corrections after invoicing (decisions.md 37, ADR 0029).
// - `buyer_tpin`, `buyer_name` on bookings, reservations and venue bookings: the business the
//   tax invoice is made out to (ZRA's custTpin and custNm), both or neither; null is a walk-in
//   buyer. A TPIN is ten digits. Once the request's folio has a tax invoice, the buyer is fixed:
//   a trigger refuses the change (the invoice was made out to that buyer).
// - A folio that changes after its invoice was sent (a charge voided or posted, a price or a
//   stay's dates changed) is corrected by a credit note naming the invoice (reason 09, wrong
//   amount or price) for what it has not yet credited, then a new tax invoice for the folio as it
//   now is, written in the transaction of the change. An invoice not yet tried is simply built
//   from the folio as it will be. `superseded_at` marks a replaced invoice, `replaces_id` the new
//   one's predecessor; a request has one current invoice.
// - A refund's credit note names the current invoice.
// Every earlier row is kept: new nullable columns, functions and triggers.
//
// Migrations never import application code: they describe the schema as it was on their date.

const REQUEST_TABLES = [
  ["bookings", "booking"],
  ["reservations", "reservation"],
  ["venue_bookings", "venue-booking"],
] as const;

export async function up(db: Kysely<any>): Promise<void> {
  for (const [table, kind] of REQUEST_TABLES) {
    await sql
      .raw(
        `alter table ${table}
           add column buyer_tpin text constraint ${table}_buyer_tpin_format check (buyer_tpin ~ '^[0-9]{10}$'),
           add column buyer_name text constraint ${table}_buyer_name_length
             check (char_length(buyer_name) between 1 and 100 and buyer_name = btrim(buyer_name)),
           add constraint ${table}_buyer_both check ((buyer_tpin is null) = (buyer_name is null))`,
      )
      .execute(db);
    await sql
      .raw(
        `create function ${table}_buyer_fixed() returns trigger language plpgsql as $$
         begin
           if (new.buyer_tpin, new.buyer_name) is distinct from (old.buyer_tpin, old.buyer_name)
              and exists (select 1 from fiscal_documents
                           where kind = 'sale' and request_kind = '${kind}' and request_id = new.id) then
             raise exception 'the buyer of an invoiced folio is fixed' using errcode = 'FB001';
           end if;
           return new;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_buyer_fixed before update of buyer_tpin, buyer_name on ${table}
         for each row execute function ${table}_buyer_fixed()`,
      )
      .execute(db);
  }

  await sql`alter table fiscal_documents
              add column replaces_id bigint references fiscal_documents (id),
              add column superseded_at timestamptz,
              add constraint fiscal_documents_replaces_sale check (replaces_id is null or kind = 'sale'),
              add constraint fiscal_documents_superseded_sale check (superseded_at is null or kind = 'sale')`.execute(
    db,
  );
  await sql`drop index fiscal_documents_one_sale`.execute(db);
  // One current tax invoice per folio; each invoice is replaced at most once.
  await sql`create unique index fiscal_documents_one_current_sale on fiscal_documents (request_kind, request_id)
             where kind = 'sale' and superseded_at is null`.execute(db);
  await sql`create unique index fiscal_documents_replaced_once on fiscal_documents (replaces_id)
             where replaces_id is not null`.execute(db);
  await sql`create index fiscal_documents_request on fiscal_documents (request_kind, request_id)`.execute(db);

  // A folio changed after invoicing: a credit note for the current invoice, then a new invoice.
  await sql
    .raw(
      `create function fiscal_correct(req_kind text, req_id uuid) returns void language plpgsql as $$
       declare
         current_id bigint;
         current_payload jsonb;
         current_lock timestamptz;
       begin
         if not exists (select 1 from fiscal_device where id = 1 and active) then return; end if;
         select id, payload, locked_until into current_id, current_payload, current_lock
           from fiscal_documents
          where kind = 'sale' and request_kind = req_kind and request_id = req_id and superseded_at is null
          for update;
         if current_id is null then return; end if;
         -- Not tried yet: the worker builds it from the folio as this transaction leaves it.
         if current_payload is null and (current_lock is null or current_lock <= now()) then return; end if;
         update fiscal_documents set superseded_at = now() where id = current_id;
         perform fiscal_enqueue('credit', req_kind, req_id, current_id, null, '09');
         perform fiscal_enqueue('sale', req_kind, req_id, null, null, null);
         update fiscal_documents set replaces_id = current_id
          where kind = 'sale' and request_kind = req_kind and request_id = req_id and superseded_at is null;
       end $$`,
    )
    .execute(db);

  // What changes a folio: its charges, and the request's own price, dates, room or venue.
  await sql
    .raw(
      `create function folio_charges_fiscal_correct() returns trigger language plpgsql as $$
       begin
         if tg_op = 'UPDATE' and (new.voided_at, new.amount_ngwee, new.vat_ngwee, new.levy_ngwee, new.name)
                                 is not distinct from
                                 (old.voided_at, old.amount_ngwee, old.vat_ngwee, old.levy_ngwee, old.name) then
           return null;
         end if;
         if new.booking_id is not null then perform fiscal_correct('booking', new.booking_id);
         elsif new.reservation_id is not null then perform fiscal_correct('reservation', new.reservation_id);
         else perform fiscal_correct('venue-booking', new.venue_booking_id);
         end if;
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger folio_charges_fiscal_correct after insert or update on folio_charges
       for each row execute function folio_charges_fiscal_correct()`,
    )
    .execute(db);

  for (const [table, kind] of REQUEST_TABLES) {
    const own =
      kind === "venue-booking"
        ? "total_price, venue_name, booking_date, number_of_people"
        : "total_price, price, check_in, check_out, room_number, room_type" +
          (kind === "reservation" ? ", room_count" : "");
    await sql
      .raw(
        `create function ${table}_fiscal_correct() returns trigger language plpgsql as $$
         begin
           if (${own
             .split(", ")
             .map((c) => `new.${c}`)
             .join(", ")}) is distinct from (${own
             .split(", ")
             .map((c) => `old.${c}`)
             .join(", ")}) then
             perform fiscal_correct('${kind}', new.id);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fiscal_correct after update of ${own} on ${table}
         for each row execute function ${table}_fiscal_correct()`,
      )
      .execute(db);
  }

  // A stay's kept nights and tax lines are its folio's lines too.
  for (const table of ["request_nights", "request_tax_lines"]) {
    const column = table === "request_nights" ? "price" : "amount";
    await sql
      .raw(
        `create function ${table}_fiscal_correct() returns trigger language plpgsql as $$
         begin
           if new.${column} is distinct from old.${column} then
             if new.booking_id is not null then perform fiscal_correct('booking', new.booking_id);
             elsif new.reservation_id is not null then perform fiscal_correct('reservation', new.reservation_id);
             ${table === "request_tax_lines" ? "else perform fiscal_correct('venue-booking', new.venue_booking_id);" : ""}
             end if;
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fiscal_correct after update of ${column} on ${table}
         for each row execute function ${table}_fiscal_correct()`,
      )
      .execute(db);
  }

  // A refund after invoicing is a credit note naming the folio's current invoice (reason 06).
  await sql
    .raw(
      `create or replace function payments_fiscalise() returns trigger language plpgsql as $$
       declare
         req_kind text;
         req_id uuid;
         sale bigint;
       begin
         if new.kind <> 'refund' then return null; end if;
         req_kind := case when new.booking_id is not null then 'booking'
                          when new.reservation_id is not null then 'reservation'
                          else 'venue-booking' end;
         req_id := coalesce(new.booking_id, new.reservation_id, new.venue_booking_id);
         select id into sale from fiscal_documents
          where kind = 'sale' and request_kind = req_kind and request_id = req_id and superseded_at is null;
         if sale is null then return null; end if;
         perform fiscal_enqueue('credit', req_kind, req_id, sale, new.id, '06');
         return null;
       end $$`,
    )
    .execute(db);
}
