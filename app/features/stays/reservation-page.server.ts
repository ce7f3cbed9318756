import type { RouterContextProvider } from "react-router";
import { roomChoices, type RoomChoice } from "~/features/stays/room-choices.ts";
import type { TaxSettings } from "~/features/pricing/rates.ts";
import { getDb } from "~/shared/context.server.ts";
import { logReadFailure } from "~/shared/db/failures.server.ts";
import type { PageFreshness } from "~/shared/page-cache/kept-page.server.ts";
import { listQuotedFreeRooms } from "~/features/stays/rooms.server.ts";
import { lodgeToday } from "~/shared/dates.ts";
import { echoedFields } from "~/shared/forms/echoed-fields.ts";
import { refusedFreeRooms, rememberRefusedStay, stayParams } from "~/features/stays/refused-stay.server.ts";
import { readStaySearch } from "~/features/stays/stay-search.ts";
import { readSubmission, type FormResponse } from "~/shared/forms/form-submission.server.ts";
import { FAILED_TO_FETCH_AVAILABLE_ROOMS, RESERVATION_SUCCESSFUL } from "~/shared/messages.ts";
import { reservationSchema } from "~/features/stays/reservation-schema.ts";
import { guestStayDeps, placeStay } from "~/features/stays/place-stay.server.ts";
import { stayResponse } from "~/features/stays/stay-answer.server.ts";

export interface ReservationPageData {
  rooms: RoomChoice[];
  /** The stay rules beside the dates. */
  stayRuleHints: string[];
  /** The lodge's tax settings, for the taxes under the estimate; none when the rooms could not be read. */
  taxes?: TaxSettings;
  /** What the guest typed before 'Check availability' reloaded the page (no JavaScript). */
  values: Record<string, string>;
  /** 'Failed to fetch available rooms. Please try again later.' when the rooms could not be read. */
  loadError: string | null;
  today: string;
  submissionId: string;
}

/**
 * The rooms free for the dates in the address (tonight's until both are chosen: decisions.md 24)
 * or of a submission the action just refused, what the guest had typed, and a fresh submission id.
 */
export async function loadReservationPage(
  request: Request,
  context: Readonly<RouterContextProvider>,
  page: PageFreshness,
): Promise<ReservationPageData> {
  const params = stayParams(request, context);
  const today = lodgeToday();
  const base = { today, submissionId: page.submissionId(), values: echoedFields(params) };
  const stay = readStaySearch(params, today);
  try {
    // After a room was taken meanwhile, the rooms the action has just read.
    const { rooms, stayRuleHints, taxes } =
      refusedFreeRooms(context, stay) ?? (await listQuotedFreeRooms(await getDb(context), stay));
    return { ...base, rooms: roomChoices(rooms), stayRuleHints, taxes, loadError: null };
  } catch (error) {
    page.readFailed();
    logReadFailure("reservation rooms", error);
    return { ...base, rooms: [], stayRuleHints: [], loadError: FAILED_TO_FETCH_AVAILABLE_ROOMS };
  }
}

/**
 * Saves one Pending reservation (decisions.md 9) from the /reservation form: rate limit, honeypot
 * and schema first (readSubmission), then placed as every stay form places one. A guest who pays
 * the deposit online goes on to the payment step (ADR 0018). After a refusal the loader lists the
 * rooms free for the submission's dates.
 */
export async function createReservation(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<FormResponse> {
  const submission = await readSubmission(
    request,
    context,
    reservationSchema(lodgeToday()),
    RESERVATION_SUCCESSFUL,
  );
  if (submission.kind === "answered") return rememberRefusedStay(context, submission.response);
  const { data, submissionId, values } = submission;
  const outcome = await placeStay(getDb(context), guestStayDeps(context), {
    ...data,
    entry: "reservation",
    submissionId,
  });
  return rememberRefusedStay(
    context,
    stayResponse(outcome, "reservation", values),
    outcome.kind === "taken" ? outcome.freeRooms : null,
  );
}
