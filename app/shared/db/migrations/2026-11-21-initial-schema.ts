import { sql, type Kysely } from "kysely";

// Migrations never import application code: they describe the schema as it
// was on their date, whatever the app looks like later.

const guestRequestColumns = (table: ReturnType<Kysely<any>["schema"]["createTable"]>) =>
  table
    .addColumn("id", "uuid", (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn("reference", "text", (c) => c.notNull().unique())
    .addColumn("submission_id", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) between 3 and 254`))
    .addColumn("phone", "text", (c) => c.notNull().check(sql`char_length(phone) between 1 and 30`))
    .addColumn("payment_method", "text", (c) =>
      c.notNull().check(sql`payment_method in ('Cash', 'Mobile Money', 'Credit Card')`),
    )
    .addColumn("status", "text", (c) => c.notNull().check(sql`status in ('Occupied', 'Pending')`))
    .addColumn("message", "text", (c) => c.check(sql`char_length(message) <= 2000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`));

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable("rooms")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("room_number", "text", (c) => c.notNull().unique())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("status", "text", (c) =>
      c
        .notNull()
        .defaultTo("Available")
        .check(sql`status in ('Available', 'Occupied')`),
    )
    .addColumn("current_booking", "jsonb")
    .addColumn("last_updated", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex("rooms_status_idx").on("rooms").column("status").execute();

  await db.schema
    .createTable("venues")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("venue", "text", (c) => c.notNull().unique())
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await guestRequestColumns(db.schema.createTable("bookings"))
    .addColumn("room_id", "integer", (c) => c.notNull().references("rooms.id"))
    .addColumn("room_number", "text", (c) => c.notNull())
    .addColumn("room_type", "text", (c) => c.notNull())
    .addColumn("selected_room", "text", (c) => c.notNull())
    .addColumn("check_in", "date", (c) => c.notNull())
    .addColumn("check_out", "date", (c) => c.notNull())
    .addColumn("adults", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`adults >= 1`),
    )
    .addColumn("children", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`children >= 0`),
    )
    .addColumn("number_of_people", "text", (c) => c.notNull().check(sql`number_of_people ~ '^[0-9]+$'`))
    .addColumn("guest_count", "text", (c) => c.notNull().check(sql`guest_count ~ '^[0-9]+$'`))
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("total_price", "integer", (c) => c.notNull().check(sql`total_price >= 0`))
    .addColumn("booking_date", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn("timestamp", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("bookings_dates_check", sql`check_out >= check_in`)
    .execute();
  await db.schema.createIndex("bookings_room_id_idx").on("bookings").column("room_id").execute();

  await guestRequestColumns(db.schema.createTable("venue_bookings"))
    .addColumn("venue_id", "integer", (c) => c.notNull().references("venues.id"))
    .addColumn("venue_name", "text", (c) => c.notNull())
    .addColumn("booking_date", "date", (c) => c.notNull())
    .addColumn("number_of_people", "integer", (c) => c.notNull().check(sql`number_of_people >= 1`))
    .addColumn("total_price", "integer", (c) => c.notNull().check(sql`total_price >= 0`))
    .execute();

  await guestRequestColumns(db.schema.createTable("reservations"))
    .addColumn("source", "text", (c) =>
      c.notNull().check(sql`source in ('booking-page', 'reservation-page')`),
    )
    .addColumn("room_id", "integer", (c) => c.notNull().references("rooms.id"))
    .addColumn("room_number", "text", (c) => c.notNull())
    .addColumn("room_type", "text", (c) => c.notNull())
    .addColumn("check_in", "date", (c) => c.notNull())
    .addColumn("check_out", "date", (c) => c.notNull())
    .addColumn("adults", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`adults >= 1`),
    )
    .addColumn("children", "integer", (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`children >= 0`),
    )
    .addColumn("number_of_people", "integer", (c) => c.notNull().check(sql`number_of_people >= 1`))
    .addColumn("room_count", "integer", (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`room_count >= 1`),
    )
    .addColumn("price", "integer", (c) => c.notNull().check(sql`price >= 0`))
    .addColumn("total_price", "integer", (c) => c.notNull().check(sql`total_price >= 0`))
    .addColumn("timestamp", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .addCheckConstraint("reservations_dates_check", sql`check_out >= check_in`)
    .execute();

  await db.schema
    .createTable("newsletter_subscriptions")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) between 3 and 254`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // One row per address, whatever its letter case (decisions.md point 13).
  await sql`create unique index newsletter_subscriptions_email_key on newsletter_subscriptions (lower(email))`.execute(
    db,
  );

  await db.schema
    .createTable("contact_messages")
    .addColumn("id", "integer", (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn("submission_id", "text", (c) => c.unique())
    .addColumn("name", "text", (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn("email", "text", (c) => c.notNull().check(sql`char_length(email) between 3 and 254`))
    .addColumn("subject", "text", (c) => c.check(sql`char_length(subject) <= 150`))
    .addColumn("message", "text", (c) => c.notNull().check(sql`char_length(message) between 1 and 2000`))
    .addColumn("created_at", "timestamptz", (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    "contact_messages",
    "newsletter_subscriptions",
    "reservations",
    "venue_bookings",
    "bookings",
    "venues",
    "rooms",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
