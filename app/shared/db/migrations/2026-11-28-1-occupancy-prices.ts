import { sql, type Kysely } from "kysely";

// Prices by occupancy (decisions.md 38, ADR 0031):
// - `rooms`: the number of adults the base rate covers, and the supplements a night for each
//   adult beyond them and for each child, in whole kwacha as the rate. The defaults (2 adults
//   covered, no supplements) leave every price as it was.
// - `rate_rules`: a rule may set its own supplements; null keeps the room's.
// - `request_nights`: the part of a kept night's price that is supplements, so a bill can say so;
//   the night's `price` stays what the night costs in all. Existing nights had none.
// Earlier rows are untouched.
//
// Migrations never import application code: they describe the schema as it was on their date.

export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    alter table rooms
      add column covered_adults integer not null default 2 check (covered_adults between 1 and 20),
      add column adult_supplement integer not null default 0
        check (adult_supplement between 0 and 10000000),
      add column child_supplement integer not null default 0
        check (child_supplement between 0 and 10000000)
  `.execute(db);
  await sql`
    alter table rate_rules
      add column adult_supplement integer check (adult_supplement between 0 and 10000000),
      add column child_supplement integer check (child_supplement between 0 and 10000000)
  `.execute(db);
  await sql`
    alter table request_nights
      add column supplement integer not null default 0 check (supplement >= 0)
  `.execute(db);
}
