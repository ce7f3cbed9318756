// The "About Us" section (home page and /about).
// The copy says "the lodge" rather than the brand name so a renaming needs no edit here.

import { images, type ImageAsset } from "./images.ts";

export type AboutContent = {
  /** Small heading of the section title block. */
  sectionTitle: string;
  heading: string;
  paragraphs: readonly string[];
  /** Highlights that can be listed beside the copy. */
  highlights: readonly string[];
  /** 'Explore More' leads to /about, and to /services on /about itself. */
  exploreMore: { label: string; to: string; toOnAboutPage: string };
  images: readonly [ImageAsset, ImageAsset, ImageAsset, ImageAsset];
};

export const about: AboutContent = {
  sectionTitle: "About Us",
  heading: "Welcome to the lodge",
  paragraphs: [
    "For over two years the lodge has welcomed guests to a serene and picturesque corner of " +
      "Lusaka West. Among quiet lawns and shady trees it is a place to rest, to celebrate and to " +
      "meet, with high quality hospitality at the heart of everything we do.",
    "Our leadership is open and approachable, and the whole team shares one aim: service " +
      "excellence. Whether you stay the night, spend a day by the pool or plan a celebration, you " +
      "will find people who listen and look after the details.",
    "Weekends bring live bands to the garden. Lifeguards watch over the pool, where swimming " +
      "lessons are on offer, and our event planning team helps you shape weddings, parties and " +
      "conferences, with discounts for groups.",
  ],
  highlights: [
    "Live bands at weekends",
    "Lifeguards at the pool",
    "Swimming lessons",
    "Event planning",
    "Group discounts",
  ],
  exploreMore: { label: "Explore More", to: "/about", toOnAboutPage: "/services" },
  images: [
    images.aboutGardenPath,
    images.aboutRestaurantTerrace,
    images.aboutKidsPark,
    images.aboutEventMarquee,
  ],
};
