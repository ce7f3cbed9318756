import type { ComponentType } from "react";

/**
 * Every island of the public pages (ADR 0015), by the name its server-rendered wrapper records
 * (app/components/island.tsx), with the module that renders it. Each import is a chunk of its own
 * that the browser fetches only when a guest turns to that island (app/islands.client.ts).
 */
// The components take different props; the wrapper's recorded props are theirs.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

export const islands = {
  "room-booking": () =>
    import("./components/room-booking-dialog.tsx").then(
      ({ RoomBookingDialog }): AnyComponent => RoomBookingDialog,
    ),
  booking: () => import("./components/booking-form.tsx").then(({ BookingTabs }): AnyComponent => BookingTabs),
  contact: () =>
    import("./components/contact-form.tsx").then(({ ContactFormIsland }): AnyComponent => ContactFormIsland),
  "my-booking": () =>
    import("./components/my-booking-request.tsx").then(
      ({ MyBookingIsland }): AnyComponent => MyBookingIsland,
    ),
  newsletter: () =>
    import("./components/newsletter-form.tsx").then(
      ({ NewsletterFormIsland }): AnyComponent => NewsletterFormIsland,
    ),
  reservation: () =>
    import("./components/reservation-form.tsx").then(
      ({ ReservationFormIsland }): AnyComponent => ReservationFormIsland,
    ),
  "payment-progress": () =>
    import("./components/payment-progress-island.tsx").then(
      ({ PaymentProgressIsland }): AnyComponent => PaymentProgressIsland,
    ),
  "card-payment": () =>
    import("./components/card-payment-island.tsx").then(
      ({ CardPaymentIsland }): AnyComponent => CardPaymentIsland,
    ),
} satisfies Record<string, () => Promise<AnyComponent>>;

export type IslandName = keyof typeof islands;
