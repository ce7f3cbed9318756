// Staff shown on /team.
// PLACEHOLDER names and portraits: replace them with the real staff and their photographs.

import { images, type ImageAsset } from "./images.ts";

export const DESIGNATIONS = ["Director", "Events Manager", "Operation Manager"] as const;
type Designation = (typeof DESIGNATIONS)[number];

export type TeamMember = {
  image: ImageAsset;
  name: string;
  designation: Designation;
};

export const team: readonly TeamMember[] = [
  {
    image: { ...images.teamDirector, alt: "Mwila Banda, Director" },
    name: "Mwila Banda",
    designation: "Director",
  },
  {
    image: { ...images.teamEventsManager, alt: "Chipo Mulenga, Events Manager" },
    name: "Chipo Mulenga",
    designation: "Events Manager",
  },
  {
    image: { ...images.teamOperationManager, alt: "Bwalya Phiri, Operation Manager" },
    name: "Bwalya Phiri",
    designation: "Operation Manager",
  },
];
