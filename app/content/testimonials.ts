// Guest testimonials (home page and /testimonial).
// PLACEHOLDER quotes and names: replace them with real guests' words, with their permission.

import { images, type ImageAsset } from "./images.ts";

export type Testimonial = {
  description: string;
  name: string;
  /** Shown as PROFESSION_PLACEHOLDER (app/shared/messages.ts) when absent. */
  profession?: string;
  image: ImageAsset;
};

export const testimonials: readonly Testimonial[] = [
  {
    description:
      "We held my daughter’s kitchen party in the garden and everything ran smoothly, from the " +
      "décor to the food. The staff were warm and always one step ahead of us.",
    name: "Natasha Mwale",
    profession: "Teacher",
    image: { ...images.guest1, alt: "Natasha Mwale" },
  },
  {
    description:
      "A quiet place to work and rest after long days on site. Reliable Wi-Fi, a comfortable bed " +
      "and the friendliest breakfast team I met on the whole trip.",
    name: "Kelvin Zulu",
    profession: "Civil Engineer",
    image: { ...images.guest2, alt: "Kelvin Zulu" },
  },
  {
    description:
      "Our team used the conference hall in the morning and the pool in the afternoon. Great value " +
      "for a group, and the lifeguards kept a close eye on the children at our family day.",
    name: "Grace Tembo",
    profession: "Human Resources Manager",
    image: { ...images.guest3, alt: "Grace Tembo" },
  },
  {
    description:
      "Saturday nights with the live band by the pool are the best in Lusaka West. Good food, cold " +
      "drinks and a team that makes you feel at home.",
    name: "Joseph Lungu",
    profession: "Accountant",
    image: { ...images.guest4, alt: "Joseph Lungu" },
  },
];
