import { sql, type Kysely } from "kysely";

// The inbox's searches for a whole e-mail address, a booking reference or a phone number read a
// btree range instead of the trigram index. A search for `guest17@example.com` makes the trigram
// index read the posting lists of trigrams every address holds ("gue", "exa", "com", …), per table
// and twice per page (rows, then the count), where a prefix range reads the few matching entries.
// app/features/desk/inbox.server.ts writes the same expressions, so that its searches use these indexes;
// text_pattern_ops lets LIKE 'prefix%' use them whatever the database's collation.
// Only indexes: every row is kept.

/** What the inbox compares, per table: the e-mail (lower case), reference (upper), phone digits. */
const INDEXED: Record<string, Record<string, string>> = {
  bookings: {
    email: "lower(email)",
    reference: "upper(reference)",
    phone: "reverse(regexp_replace(phone, '[^0-9]', '', 'g'))",
  },
  reservations: {
    email: "lower(email)",
    reference: "upper(reference)",
    phone: "reverse(regexp_replace(phone, '[^0-9]', '', 'g'))",
  },
  venue_bookings: {
    email: "lower(email)",
    reference: "upper(reference)",
    phone: "reverse(regexp_replace(phone, '[^0-9]', '', 'g'))",
  },
  contact_messages: { email: "lower(email)" },
  newsletter_subscriptions: { email: "lower(email)" },
};

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, fields] of Object.entries(INDEXED)) {
    for (const [field, expression] of Object.entries(fields)) {
      await sql
        .raw(`create index ${table}_${field}_prefix_idx on ${table} ((${expression}) text_pattern_ops)`)
        .execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table, fields] of Object.entries(INDEXED)) {
    for (const field of Object.keys(fields)) {
      await sql.raw(`drop index if exists ${table}_${field}_prefix_idx`).execute(db);
    }
  }
}
