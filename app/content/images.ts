// Every picture the site shows is declared here, once, with its alt text and intrinsic size.
// The artwork is original SVG drawn for the site (no photographs of the lodge exist yet).
// To use a photograph instead, drop the file into app/assets/images/, change the import below
// and update width/height/alt: every page picks the change up from this module.
// `?no-inline` keeps each picture a separate, cacheable file with a real URL (usable in
// structured data and lazy loading) instead of a data: URI inlined into the JS and HTML.

import logoUrl from "../assets/logo.svg?no-inline";
import aboutEventMarquee from "../assets/images/about-event-marquee.svg?no-inline";
import aboutGardenPath from "../assets/images/about-garden-path.svg?no-inline";
import aboutKidsPark from "../assets/images/about-kids-park.svg?no-inline";
import aboutRestaurantTerrace from "../assets/images/about-restaurant-terrace.svg?no-inline";
import barCounter from "../assets/images/bar-counter.svg?no-inline";
import cateringBuffet from "../assets/images/catering-buffet.svg?no-inline";
import conferenceHall from "../assets/images/conference-hall.svg?no-inline";
import guest1 from "../assets/images/guest-1.svg?no-inline";
import guest2 from "../assets/images/guest-2.svg?no-inline";
import guest3 from "../assets/images/guest-3.svg?no-inline";
import guest4 from "../assets/images/guest-4.svg?no-inline";
import heroGarden from "../assets/images/hero-garden.svg?no-inline";
import heroPool from "../assets/images/hero-pool.svg?no-inline";
import musicStage from "../assets/images/music-stage.svg?no-inline";
import outsideDecor from "../assets/images/outside-decor.svg?no-inline";
import poolsideLifeguard from "../assets/images/poolside-lifeguard.svg?no-inline";
import roomBathroom from "../assets/images/room-bathroom.svg?no-inline";
import roomDeluxe from "../assets/images/room-deluxe.svg?no-inline";
import roomExecutiveSuite from "../assets/images/room-executive-suite.svg?no-inline";
import roomLounge from "../assets/images/room-lounge.svg?no-inline";
import roomMiniSuite from "../assets/images/room-mini-suite.svg?no-inline";
import roomWorkDesk from "../assets/images/room-work-desk.svg?no-inline";
import skillsClassroom from "../assets/images/skills-classroom.svg?no-inline";
import teamDirector from "../assets/images/team-director.svg?no-inline";
import teamEventsManager from "../assets/images/team-events-manager.svg?no-inline";
import teamOperationManager from "../assets/images/team-operation-manager.svg?no-inline";

/** A picture with everything an <img> needs to render without layout shift. */
export type ImageAsset = {
  src: string;
  alt: string;
  width: number;
  height: number;
};

// Intrinsic sizes of the artwork (the SVG viewBoxes); photographs may use other sizes.
const HERO = { width: 1600, height: 900 } as const;
const SCENE = { width: 800, height: 600 } as const;
const PORTRAIT = { width: 400, height: 400 } as const;
const AVATAR = { width: 200, height: 200 } as const;

export const images = {
  heroGarden: {
    src: heroGarden,
    alt: "The lodge among lawns and palm trees at golden hour, lights glowing in its windows",
    ...HERO,
  },
  heroPool: {
    src: heroPool,
    alt: "Sun loungers and umbrellas beside the swimming pool under a spreading acacia tree",
    ...HERO,
  },
  aboutGardenPath: {
    src: aboutGardenPath,
    alt: "A stone path winding through the lodge gardens between flowering shrubs",
    ...SCENE,
  },
  aboutRestaurantTerrace: {
    src: aboutRestaurantTerrace,
    alt: "Restaurant terrace with laid tables under a thatched shade and hanging lamps",
    ...SCENE,
  },
  aboutKidsPark: {
    src: aboutKidsPark,
    alt: "Kids play park with a slide, a swing set and a climbing frame on the lawn",
    ...SCENE,
  },
  aboutEventMarquee: {
    src: aboutEventMarquee,
    alt: "White event marquee on the garden lawn, strung with lights at dusk",
    ...SCENE,
  },
  roomDeluxe: {
    src: roomDeluxe,
    alt: "Deluxe room with a king bed, a wall-mounted television and a work desk",
    ...SCENE,
  },
  roomExecutiveSuite: {
    src: roomExecutiveSuite,
    alt: "Executive suite with a king bed, a lounge chair and a breakfast tray by the window",
    ...SCENE,
  },
  roomMiniSuite: {
    src: roomMiniSuite,
    alt: "Mini suite with a made bed, a bedside lamp and a window onto the garden",
    ...SCENE,
  },
  roomBathroom: {
    src: roomBathroom,
    alt: "Bright bathroom with a bathtub, a glass shower and fresh towels",
    ...SCENE,
  },
  roomLounge: {
    src: roomLounge,
    alt: "Suite lounge corner with a sofa, a coffee table and a reading lamp",
    ...SCENE,
  },
  roomWorkDesk: {
    src: roomWorkDesk,
    alt: "Work desk and chair beside the balcony doors, with a view over the trees",
    ...SCENE,
  },
  barCounter: {
    src: barCounter,
    alt: "Bar counter with high stools, shelves of bottles and pendant lights",
    ...SCENE,
  },
  musicStage: {
    src: musicStage,
    alt: "Outdoor stage with instruments, speakers and coloured lights ready for a live band",
    ...SCENE,
  },
  poolsideLifeguard: {
    src: poolsideLifeguard,
    alt: "Lifeguard chair and a life ring at the edge of the swimming pool",
    ...SCENE,
  },
  conferenceHall: {
    src: conferenceHall,
    alt: "Conference hall set up with rows of chairs facing a projection screen",
    ...SCENE,
  },
  cateringBuffet: {
    src: cateringBuffet,
    alt: "Catered buffet table with covered dishes, plates and a floral centrepiece",
    ...SCENE,
  },
  outsideDecor: {
    src: outsideDecor,
    alt: "Garden reception table dressed with flowers and candles under string lights",
    ...SCENE,
  },
  skillsClassroom: {
    src: skillsClassroom,
    alt: "Training room with desks facing a board, ready for a class",
    ...SCENE,
  },
  teamDirector: {
    src: teamDirector,
    alt: "Portrait placeholder for the Director",
    ...PORTRAIT,
  },
  teamEventsManager: {
    src: teamEventsManager,
    alt: "Portrait placeholder for the Events Manager",
    ...PORTRAIT,
  },
  teamOperationManager: {
    src: teamOperationManager,
    alt: "Portrait placeholder for the Operation Manager",
    ...PORTRAIT,
  },
  guest1: { src: guest1, alt: "Guest avatar", ...AVATAR },
  guest2: { src: guest2, alt: "Guest avatar", ...AVATAR },
  guest3: { src: guest3, alt: "Guest avatar", ...AVATAR },
  guest4: { src: guest4, alt: "Guest avatar", ...AVATAR },
} as const satisfies Record<string, ImageAsset>;

/**
 * The logo mark. Its alt text is empty on purpose: the brand name is always set beside it as
 * HTML text, so a screen reader would otherwise announce the name twice.
 */
export const logo = {
  src: logoUrl,
  alt: "",
  width: 64,
  height: 64,
} as const satisfies ImageAsset;

/**
 * Names of the icons content refers to. The UI's icon component draws each of these; keeping the
 * list here lets it be exhaustive (`Record<IconName, …>`) and content stays plain data.
 */
export const ICON_NAMES = [
  // counters and room facilities
  "bed",
  "bath",
  "wifi",
  "users",
  "user-check",
  // services
  "hotel",
  "utensils",
  "music",
  "swimmer",
  "calendar",
  "child",
  "clipboard",
  "chef-hat",
  "flower",
  "graduation-cap",
  // room features
  "ruler",
  "door",
  "tv",
  "shower",
  "lock",
  "desk",
  "balcony",
  "city",
  // contact and social
  "phone",
  "mail",
  "map-pin",
  "facebook",
  "twitter",
  "instagram",
  "linkedin",
  "youtube",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
