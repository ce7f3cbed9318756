import { sql, type Kysely } from "kysely";

// Fiscal tax invoices through ZRA Smart Invoice (decisions.md 37, ADR 0029).
// - `fiscal_device`: at most one row, the VSDC this branch is provisioned with. It is written at
//   start when the settings are present and marked inactive when they are gone; while no active
//   row exists nothing is queued, so without a VSDC nothing changes. `next_invoice_no` is our own
//   invoice counter: taken under the row's lock in the transaction that settles the sale, so a
//   rollback gives the number back and the numbers have no gaps.
// - `fiscal_documents`: the queue and the record in one. One row per tax invoice (a settled
//   folio) or credit note (a refund after invoicing), written by the triggers below in the
//   transaction that settles the stay or records the refund. The worker freezes the request body
//   (`payload`) at its first attempt, sends it with our number as the invoice number, and keeps
//   ZRA's answer. A lease (`locked_until`, `claim_token`) keeps two instances off one row.
// - `fiscal_items`: the item codes already registered with the VSDC.
// Every earlier row is kept: only new tables, functions and triggers.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("fiscal_device")
    .addColumn("id", "integer", (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn("tpin", "text", (c) => c.notNull().check(sql`tpin ~ '^[0-9]{10}$'`))
    .addColumn("branch_id", "text", (c) => c.notNull().check(sql`branch_id ~ '^[0-9]{3}$'`))
    .addColumn("device_serial", "text", (c) =>
      c.notNull().check(sql`char_length(device_serial) between 1 and 100`),
    )
    .addColumn("active", "boolean", (c) => c.notNull().defaultTo(true))
    // Sales settled from this lodge day on are fiscalised (a venue booking's day is compared to it).
    .addColumn("active_since", "date", (c) => c.notNull())
    .addColumn("next_invoice_no", "bigint", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`next_invoice_no >= 1`),
    )
    .addColumn("initialised_at", "timestamptz")
    .addColumn("sdc_id", "text", (c) => c.check(sql`char_length(sdc_id) <= 100`))
    .addColumn("mrc_no", "text", (c) => c.check(sql`char_length(mrc_no) <= 100`))
    .addColumn("last_contact_at", "timestamptz")
    .addColumn("last_error", "text", (c) => c.check(sql`char_length(last_error) <= 1000`))
    .addColumn("last_error_at", "timestamptz")
    .execute();

  await db.schema
    .createTable("fiscal_items")
    .addColumn("item_code", "text", (c) => c.primaryKey().check(sql`char_length(item_code) between 1 and 20`))
    .addColumn("registered_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable("fiscal_documents")
    .addColumn("id", "bigint", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    // Our invoice number (the VSDC's cisInvcNo): sequential, without gaps, never reused.
    .addColumn("invoice_no", "bigint", (c) => c.notNull().unique())
    .addColumn("kind", "text", (c) => c.notNull().check(sql`kind in ('sale', 'credit')`))
    .addColumn("request_kind", "text", (c) =>
      c.notNull().check(sql`request_kind in ('booking', 'reservation', 'venue-booking')`),
    )
    .addColumn("request_id", "uuid", (c) => c.notNull())
    .addColumn("original_id", "bigint", (c) => c.references("fiscal_documents.id"))
    .addColumn("payment_id", "bigint", (c) => c.unique().references("payments.id"))
    .addColumn("reason_code", "text", (c) => c.check(sql`reason_code ~ '^[0-9]{2}$'`))
    .addColumn("payload", "jsonb")
    .addColumn("total", "numeric(14, 2)")
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("pending")
        .check(sql`status in ('pending', 'sent', 'failed')`),
    )
    .addColumn("attempts", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn("next_attempt_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("locked_until", "timestamptz")
    .addColumn("claim_token", "uuid")
    .addColumn("last_error", "text", (c) => c.check(sql`char_length(last_error) <= 1000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("fiscalised_at", "timestamptz")
    // ZRA's answer: its receipt number, the signature data, the VSDC's date and time.
    .addColumn("rcpt_no", "text", (c) => c.check(sql`char_length(rcpt_no) <= 50`))
    .addColumn("intrl_data", "text", (c) => c.check(sql`char_length(intrl_data) <= 200`))
    .addColumn("rcpt_sign", "text", (c) => c.check(sql`char_length(rcpt_sign) <= 200`))
    .addColumn("vsdc_date", "text", (c) => c.check(sql`char_length(vsdc_date) <= 20`))
    .addColumn("sdc_id", "text", (c) => c.check(sql`char_length(sdc_id) <= 100`))
    .addColumn("mrc_no", "text", (c) => c.check(sql`char_length(mrc_no) <= 100`))
    .addColumn("qr_url", "text", (c) => c.check(sql`char_length(qr_url) <= 1000`))
    // Prints of the fiscalised document: every one after the first is marked as a copy.
    .addColumn("prints", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`prints >= 0`),
    )
    .addCheckConstraint(
      "fiscal_documents_credit_names_original",
      sql`(kind = 'credit') = (original_id is not null)`,
    )
    .addCheckConstraint(
      "fiscal_documents_sent_has_receipt",
      sql`status <> 'sent' or (rcpt_no is not null and fiscalised_at is not null)`,
    )
    .execute();
  // One tax invoice per settled folio.
  await sql`create unique index fiscal_documents_one_sale on fiscal_documents (request_kind, request_id)
             where kind = 'sale'`.execute(db);
  await sql`create index fiscal_documents_due on fiscal_documents (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index fiscal_documents_created on fiscal_documents (created_at)`.execute(db);

  // Queues one document under the next invoice number, while a device is active; the number is
  // taken under the device row's lock, in the caller's transaction.
  await sql
    .raw(
      `create function fiscal_enqueue(doc_kind text, req_kind text, req_id uuid, original bigint,
                                      payment bigint, reason text) returns void language plpgsql as $$
       declare
         number bigint;
       begin
         update fiscal_device set next_invoice_no = next_invoice_no + 1
          where id = 1 and active
          returning next_invoice_no - 1 into number;
         if number is null then return; end if;
         insert into fiscal_documents (invoice_no, kind, request_kind, request_id, original_id, payment_id, reason_code)
         values (number, doc_kind, req_kind, req_id, original, payment, reason);
       end $$`,
    )
    .execute(db);

  // A stay is settled when it is checked out: its folio becomes one tax invoice.
  for (const [table, kind] of [
    ["bookings", "booking"],
    ["reservations", "reservation"],
  ] as const) {
    await sql
      .raw(
        `create function ${table}_fiscalise() returns trigger language plpgsql as $$
         begin
           if new.status = 'Checked out' and old.status is distinct from 'Checked out'
              and not exists (select 1 from fiscal_documents
                               where kind = 'sale' and request_kind = '${kind}' and request_id = new.id) then
             perform fiscal_enqueue('sale', '${kind}', new.id, null, null, null);
           end if;
           return null;
         end $$`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger ${table}_fiscalise after update of status on ${table}
         for each row execute function ${table}_fiscalise()`,
      )
      .execute(db);
  }

  // A refund after invoicing is a credit note naming the invoice (reason 06: refund).
  await sql
    .raw(
      `create function payments_fiscalise() returns trigger language plpgsql as $$
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
          where kind = 'sale' and request_kind = req_kind and request_id = req_id;
         if sale is null then return null; end if;
         perform fiscal_enqueue('credit', req_kind, req_id, sale, new.id, '06');
         return null;
       end $$`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger payments_fiscalise after insert on payments
       for each row execute function payments_fiscalise()`,
    )
    .execute(db);
}
