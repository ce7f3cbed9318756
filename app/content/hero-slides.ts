// The home page hero carousel, in display order.

import { images, type ImageAsset } from "./images.ts";

type LinkButton = { label: string; to: string };

export type HeroSlide = {
  img: ImageAsset;
  title: string;
  subtitle: string;
  /** Primary button ('Our Room' → /rooms). */
  btn1: LinkButton;
  /** Secondary button ('Book Now' → /booking). */
  btn2: LinkButton;
};

const OUR_ROOM = { label: "Our Room", to: "/rooms" } as const;
const BOOK_NOW = { label: "Book Now", to: "/booking" } as const;

export const heroSlides: readonly HeroSlide[] = [
  {
    img: images.heroGarden,
    title: "Welcome to the venue",
    subtitle: "Unforgettable Experiences",
    btn1: OUR_ROOM,
    btn2: BOOK_NOW,
  },
  {
    img: images.heroPool,
    title: "Where you can truly feel at home.",
    subtitle: "Natural Surrounding",
    btn1: OUR_ROOM,
    btn2: BOOK_NOW,
  },
];
