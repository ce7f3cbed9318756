import type { ComponentType } from "react";
import type { IslandName } from "./shared/islands/island-names.ts";

/**
 * Every island of the public pages (ADR 0015), by the name its server-rendered wrapper records
 * (app/shared/islands/island.tsx), with the module that renders it. Each import is a chunk of its own
 * that the browser fetches only when a guest turns to that island (app/islands.client.ts).
 */
// The components take different props; the wrapper's recorded props are theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export const islands = {
  "room-booking": () =>
    import("./features/stays/components/room-booking-dialog.tsx").then(
      ({ RoomBookingDialog }): AnyComponent => RoomBookingDialog,
    ),
  booking: () =>
    import("./features/stays/components/booking-form.tsx").then(
      ({ BookingTabs }): AnyComponent => BookingTabs,
    ),
  contact: () =>
    import("./features/contact/components/contact-form.tsx").then(
      ({ ContactFormIsland }): AnyComponent => ContactFormIsland,
    ),
  "my-booking": () =>
    import("./features/stays/components/my-booking-request.tsx").then(
      ({ MyBookingIsland }): AnyComponent => MyBookingIsland,
    ),
  newsletter: () =>
    import("./features/newsletter/components/newsletter-form.tsx").then(
      ({ NewsletterFormIsland }): AnyComponent => NewsletterFormIsland,
    ),
  reservation: () =>
    import("./features/stays/components/reservation-form.tsx").then(
      ({ ReservationFormIsland }): AnyComponent => ReservationFormIsland,
    ),
  "payment-progress": () =>
    import("./features/payments/components/payment-progress-island.tsx").then(
      ({ PaymentProgressIsland }): AnyComponent => PaymentProgressIsland,
    ),
  "card-payment": () =>
    import("./features/payments/components/card-payment-island.tsx").then(
      ({ CardPaymentIsland }): AnyComponent => CardPaymentIsland,
    ),
} satisfies Record<IslandName, () => Promise<AnyComponent>>;
