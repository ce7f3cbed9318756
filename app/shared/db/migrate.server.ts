import { Migrator, type Migration, type MigrationProvider } from "kysely/migration";
import { logger } from "../logger.server.ts";
import type { DB } from "./client.server.ts";
import * as initialSchema from "./migrations/2026-11-21-initial-schema.ts";
import * as stays from "./migrations/2026-11-23-1-stays.ts";
import * as rateLimitCounters from "./migrations/2026-11-23-2-rate-limit-counters.ts";
import * as staffConsole from "./migrations/2026-11-23-3-staff-console.ts";
import * as mailOutbox from "./migrations/2026-11-23-4-mail-outbox.ts";
import * as dataVersion from "./migrations/2026-11-24-1-data-version.ts";
import * as staffAuditSystem from "./migrations/2026-11-24-2-staff-audit-system.ts";
import * as paymentsLedger from "./migrations/2026-11-25-1-payments-ledger.ts";
import * as rates from "./migrations/2026-11-25-2-rates.ts";
import * as desk from "./migrations/2026-11-25-3-desk.ts";
import * as onlinePayments from "./migrations/2026-11-25-4-online-payments.ts";
import * as historyIndexes from "./migrations/2026-11-25-5-history-indexes.ts";
import * as searchPaths from "./migrations/2026-11-25-6-search-paths.ts";
import * as cardDeposits from "./migrations/2026-11-25-7-card-deposits.ts";
import * as paymentOtp from "./migrations/2026-11-25-8-payment-otp.ts";
import * as messageSearchText from "./migrations/2026-11-25-9-message-search-text.ts";
import * as reservationDeposits from "./migrations/2026-11-25-9-reservation-deposits.ts";
import * as inboxReadOrder from "./migrations/2026-11-26-1-inbox-read-order.ts";
import * as staffSubmissions from "./migrations/2026-11-27-1-staff-submissions.ts";
import * as channels from "./migrations/2026-11-27-5-channels.ts";
import * as housekeeping from "./migrations/2026-11-27-6-housekeeping.ts";
import * as stayChanges from "./migrations/2026-11-27-7-stay-changes.ts";
import * as extras from "./migrations/2026-11-27-8-extras.ts";
import * as fiscalInvoices from "./migrations/2026-11-27-9-fiscal-invoices.ts";
import * as occupancyPrices from "./migrations/2026-11-28-1-occupancy-prices.ts";
import * as fiscalBuyersAndCorrections from "./migrations/2026-11-28-2-fiscal-buyers-and-corrections.ts";
import * as reportsVersion from "./migrations/2026-11-28-3-reports-version.ts";
import * as stayRooms from "./migrations/2026-11-28-4-stay-rooms.ts";
import * as reportArrivalIndexes from "./migrations/2026-11-28-5-report-arrival-indexes.ts";
import * as refundCreditNotes from "./migrations/2026-11-28-7-refund-credit-notes.ts";

/**
 * Every migration, by date. Listed here (not read from disk) so the server
 * build carries them and no file-system layout is assumed at run time.
 */
export const MIGRATIONS: Readonly<Record<string, Migration>> = {
  "2026-11-21-initial-schema": initialSchema,
  "2026-11-23-1-stays": stays,
  "2026-11-23-2-rate-limit-counters": rateLimitCounters,
  "2026-11-23-3-staff-console": staffConsole,
  "2026-11-23-4-mail-outbox": mailOutbox,
  "2026-11-24-1-data-version": dataVersion,
  "2026-11-24-2-staff-audit-system": staffAuditSystem,
  "2026-11-25-1-payments-ledger": paymentsLedger,
  "2026-11-25-2-rates": rates,
  "2026-11-25-3-desk": desk,
  "2026-11-25-4-online-payments": onlinePayments,
  "2026-11-25-5-history-indexes": historyIndexes,
  "2026-11-25-6-search-paths": searchPaths,
  "2026-11-25-7-card-deposits": cardDeposits,
  "2026-11-25-8-payment-otp": paymentOtp,
  "2026-11-25-9-message-search-text": messageSearchText,
  // Written beside the one above on two branches: names sort as text (Kysely), so this one runs
  // after it ("m" before "r"), on a fresh database and on one that already ran it. A tenth of the
  // day would sort before "-2-": the next migration takes the next day's name.
  "2026-11-25-9-reservation-deposits": reservationDeposits,
  "2026-11-26-1-inbox-read-order": inboxReadOrder,
  "2026-11-27-1-staff-submissions": staffSubmissions,
  "2026-11-27-5-channels": channels,
  "2026-11-27-6-housekeeping": housekeeping,
  "2026-11-27-7-stay-changes": stayChanges,
  "2026-11-27-8-extras": extras,
  "2026-11-27-9-fiscal-invoices": fiscalInvoices,
  "2026-11-28-1-occupancy-prices": occupancyPrices,
  "2026-11-28-2-fiscal-buyers-and-corrections": fiscalBuyersAndCorrections,
  "2026-11-28-3-reports-version": reportsVersion,
  "2026-11-28-4-stay-rooms": stayRooms,
  "2026-11-28-5-report-arrival-indexes": reportArrivalIndexes,
  "2026-11-28-7-refund-credit-notes": refundCreditNotes,
};

const provider: MigrationProvider = { getMigrations: async () => ({ ...MIGRATIONS }) };

/**
 * Brings the schema up to date. Kysely's migrator takes a lock in the
 * database, so two instances starting at once run each migration once.
 */
export async function migrateToLatest(db: DB): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  for (const result of results ?? []) {
    if (result.status === "Error") {
      logger.error({ migration: result.migrationName }, "migration failed");
    } else if (result.status === "Success") {
      logger.info({ migration: result.migrationName }, "migration applied");
    }
  }
  if (error) throw error;
}
