import { lodgeToday } from "~/lib/dates.ts";
import type { FormInput, ParseFormResult } from "~/lib/schemas/form-data.ts";

/** A form's zod schema as the browser runs it: the same parse function its action runs. */
export type FormParser = (input: FormInput) => ParseFormResult<unknown>;

/**
 * The schema of each enhanced form, named by its `data-enhance` attribute. Each is a chunk of its
 * own (zod and one schema, about 25 KB compressed) that the browser fetches only once a guest
 * starts on that form, so a page that is only read never downloads it.
 */
const loaders = {
  "room-booking": () =>
    import("~/lib/schemas/room-booking.ts").then(
      ({ parseRoomBookingForm }): FormParser =>
        (input) =>
          parseRoomBookingForm(input, lodgeToday()),
    ),
  booking: () =>
    import("~/lib/schemas/booking.ts").then(
      ({ parseBookingForm }): FormParser =>
        (input) =>
          parseBookingForm(input, lodgeToday()),
    ),
  reservation: () =>
    import("~/lib/schemas/reservation.ts").then(
      ({ parseReservationForm }): FormParser =>
        (input) =>
          parseReservationForm(input, lodgeToday()),
    ),
  contact: () =>
    import("~/lib/schemas/contact.ts").then(({ parseContactForm }): FormParser => parseContactForm),
  newsletter: () =>
    import("~/lib/schemas/newsletter.ts").then(({ parseNewsletterForm }): FormParser => parseNewsletterForm),
} satisfies Record<string, () => Promise<FormParser>>;

export type FormSchemaName = keyof typeof loaders;

/** The parser for a `data-enhance` name, or null when there is none or it cannot be loaded. */
export function loadFormParser(name: string): Promise<FormParser | null> {
  const load = Object.hasOwn(loaders, name) ? loaders[name as FormSchemaName] : null;
  return load ? load().catch(() => null) : Promise.resolve(null);
}
