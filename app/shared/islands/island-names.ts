/**
 * The name of every island of the public pages. The wrapper (island.tsx) records it in the page;
 * the registry in app/islands.ts maps each name to the module that renders it and must name
 * exactly these (it is checked with `satisfies`).
 */
export type IslandName =
  | "room-booking"
  | "booking"
  | "contact"
  | "my-booking"
  | "newsletter"
  | "reservation"
  | "payment-progress"
  | "card-payment";
