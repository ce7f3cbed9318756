// The lodge's services (/services and /services/{path}).
// `fullDescription` is one entry per line: lines starting with '-' are features, other lines are
// sub-headings (see app/features/site/service-features.ts).

import { images, type IconName, type ImageAsset } from "./images.ts";

export type Service = {
  id: number;
  name: string;
  /** URL slug: /services/{path}. */
  path: string;
  /** Short text on the service card. */
  description: string;
  icon: IconName;
  overview: string;
  fullDescription: string;
  images: readonly [ImageAsset, ImageAsset, ImageAsset];
  /** Not offered yet: the card shows 'To be added soon' instead of opening the page. */
  comingSoon: boolean;
  /** The detail page offers 'Book Now' (to /booking) besides 'Contact Us'. */
  bookable: boolean;
};

const lines = (...text: string[]): string => text.join("\n");

export const services: readonly Service[] = [
  {
    id: 1,
    name: "Rooms & Apartments",
    path: "rooms-and-apartments",
    description: "Deluxe rooms, Executive and Mini suites with DSTV, Wi-Fi and the pool on your doorstep.",
    icon: "hotel",
    overview:
      "Our rooms are set among the gardens, away from the noise of the city yet a short drive " +
      "from central Lusaka. Choose a Deluxe room with its own work space, an Executive Suite with " +
      "continental breakfast, or a Mini Suite for a simple, restful stay. Every room is cleaned " +
      "daily and looked after by a team that is always close at hand.",
    fullDescription: lines(
      "Room types",
      "- Deluxe: K400 a night with DSTV, Wi-Fi, swimming and a work space",
      "- Executive Suite: K550 a night, adding continental breakfast",
      "- Mini Suite: K350 a night with DSTV, Wi-Fi and swimming",
      "In every room",
      "- King bed with fresh linen",
      "- Private bathroom with shower",
      "- Free Wi-Fi and cable TV",
      "- Safebox and work desk",
      "Your stay",
      "- Daily housekeeping",
      "- Secure parking in the grounds",
      "- Group rates for families and teams",
    ),
    images: [images.roomDeluxe, images.roomExecutiveSuite, images.roomWorkDesk],
    comingSoon: false,
    bookable: true,
  },
  {
    id: 2,
    name: "Bar & Restaurant",
    path: "bar-and-restaurant",
    description: "Zambian favourites and international dishes, with a full bar on the terrace.",
    icon: "utensils",
    overview:
      "The restaurant serves breakfast, lunch and dinner on a shaded terrace overlooking the " +
      "gardens. The kitchen cooks with fresh local produce, from nshima with village chicken to " +
      "grills and continental plates, and the bar pours cold drinks, fresh juices and cocktails " +
      "from morning until late.",
    fullDescription: lines(
      "Food",
      "- Breakfast, lunch and dinner every day",
      "- Zambian dishes and international favourites",
      "- Braai and grill evenings",
      "- Children’s meals and special diets on request",
      "Drinks",
      "- Fully stocked bar with local and imported drinks",
      "- Fresh juices, coffee and tea",
      "- Drinks served at the poolside",
      "Dining",
      "- Terrace seating under thatched shade",
      "- Private tables for celebrations",
    ),
    images: [images.aboutRestaurantTerrace, images.barCounter, images.cateringBuffet],
    comingSoon: false,
    bookable: false,
  },
  {
    id: 3,
    name: "Music & Enjoyments",
    path: "music-and-entertainment",
    description: "Live bands at weekends, DJ nights and relaxed music in the garden.",
    icon: "music",
    overview:
      "Weekends at the lodge come with live music: local bands play in the garden while guests " +
      "eat, dance and unwind. A fuller entertainment programme is on its way.",
    fullDescription: lines(
      "Live music",
      "- Live bands every weekend",
      "- DJ sets for parties and special nights",
      "Entertainment",
      "- Garden stage with sound and lighting",
      "- Family-friendly afternoons",
    ),
    images: [images.musicStage, images.aboutEventMarquee, images.heroGarden],
    comingSoon: true,
    bookable: false,
  },
  {
    id: 4,
    name: "Swimming Pool",
    path: "swimming-pool",
    description: "A sunny pool with loungers, lifeguards on duty and swimming lessons.",
    icon: "swimmer",
    overview:
      "The pool lies in the heart of the gardens under the shade of acacia trees. Lifeguards are " +
      "on duty whenever it is open, loungers and umbrellas line the deck, and drinks and snacks " +
      "are served at the poolside. Beginners of every age can book swimming lessons with our " +
      "instructors.",
    fullDescription: lines(
      "At the pool",
      "- Lifeguards on duty during opening hours",
      "- Sun loungers and umbrellas",
      "- Food and drinks at the poolside",
      "Lessons",
      "- Swimming lessons for children and adults",
      "- Small groups and private sessions",
      "Access",
      "- Included for guests staying at the lodge",
      "- Day visits for families and groups",
    ),
    images: [images.heroPool, images.poolsideLifeguard, images.aboutGardenPath],
    comingSoon: false,
    bookable: true,
  },
  {
    id: 5,
    name: "Events & Conferencing",
    path: "events-and-conferencing",
    description: "Hall, garden and poolside spaces for weddings, parties, meetings and conferences.",
    icon: "calendar",
    overview:
      "From a board meeting for ten to a wedding reception for hundreds, the lodge has a space to " +
      "match. Our events team helps plan every step, from the layout and décor to catering and " +
      "music, and groups enjoy discounted rates.",
    fullDescription: lines(
      "Venues",
      "- Conference Hall for meetings, workshops and seminars",
      "- Garden Pavilion for weddings and receptions",
      "- Poolside Terrace for parties and cocktails",
      "Conferencing",
      "- Projector, screen and sound system",
      "- Theatre, classroom or boardroom seating",
      "- Tea breaks and working lunches",
      "Celebrations",
      "- Weddings, birthdays, anniversaries and kitchen parties",
      "- Event planning from first call to last dance",
      "- Group discounts",
    ),
    images: [images.conferenceHall, images.aboutEventMarquee, images.outsideDecor],
    comingSoon: false,
    bookable: true,
  },
  {
    id: 6,
    name: "Kids Play Park",
    path: "kids-play-park",
    description: "A safe, shaded play park where children can run, climb and swing.",
    icon: "child",
    overview:
      "While grown-ups relax, children have a play park of their own on the lawn, with a slide, " +
      "swings and a climbing frame within sight of the restaurant terrace. It is a favourite at " +
      "weekend lunches and family celebrations.",
    fullDescription: lines(
      "Play",
      "- Slide, swings and a climbing frame",
      "- Open lawn for running games",
      "Safety and comfort",
      "- Play area within sight of the terrace",
      "- Shade trees and seating for parents",
      "Family days",
      "- Children’s parties on request",
      "- Kids’ meals from the restaurant",
    ),
    images: [images.aboutKidsPark, images.aboutGardenPath, images.heroGarden],
    comingSoon: false,
    bookable: false,
  },
  {
    id: 7,
    name: "Bookings & Hiring",
    path: "bookings-and-hiring",
    description: "Hire of venues, marquees, chairs and equipment for your own events.",
    icon: "clipboard",
    overview:
      "Soon you will be able to hire the lodge’s equipment, including marquees, tables, chairs " +
      "and sound, for events at the lodge or at a place of your choosing.",
    fullDescription: lines(
      "Hiring",
      "- Marquees and tents",
      "- Tables, chairs and linen",
      "- Sound and lighting equipment",
      "Bookings",
      "- Flexible hire periods",
      "- Delivery and set-up on request",
    ),
    images: [images.aboutEventMarquee, images.conferenceHall, images.outsideDecor],
    comingSoon: true,
    bookable: false,
  },
  {
    id: 8,
    name: "Our Catering Team",
    path: "catering-team",
    description: "Catering for events at the lodge and beyond, from canapés to full buffets.",
    icon: "chef-hat",
    overview:
      "Our chefs are preparing a catering service for weddings, company functions and private " +
      "parties, at the lodge or at your own venue.",
    fullDescription: lines(
      "Menus",
      "- Buffets, set menus and canapés",
      "- Zambian and international cuisine",
      "Service",
      "- Waiting staff and bar service",
      "- Tableware and serving equipment",
    ),
    images: [images.cateringBuffet, images.aboutRestaurantTerrace, images.barCounter],
    comingSoon: true,
    bookable: false,
  },
  {
    id: 9,
    name: "Outside Décor",
    path: "outside-decor",
    description: "Décor and styling for garden weddings, parties and outdoor events.",
    icon: "flower",
    overview:
      "A décor service to dress your event: flowers, draping, lighting and table styling, planned " +
      "around your colours and theme.",
    fullDescription: lines(
      "Styling",
      "- Flowers and table centrepieces",
      "- Draping, backdrops and arches",
      "- String lights and lanterns",
      "Planning",
      "- Colour and theme consultation",
    ),
    images: [images.outsideDecor, images.aboutEventMarquee, images.aboutGardenPath],
    comingSoon: true,
    bookable: false,
  },
  {
    id: 10,
    name: "Skills Institute",
    path: "skills-institute",
    description: "Practical training in hospitality, catering and event skills.",
    icon: "graduation-cap",
    overview:
      "The lodge is preparing a skills institute where young people can learn hospitality, food " +
      "preparation and event management from the people who do it every day.",
    fullDescription: lines(
      "Courses",
      "- Hospitality and front office",
      "- Food preparation and catering",
      "- Event planning and management",
      "Learning",
      "- Hands-on practice at the lodge",
      "- Certificates of completion",
    ),
    images: [images.skillsClassroom, images.cateringBuffet, images.conferenceHall],
    comingSoon: true,
    bookable: false,
  },
];

export function getServiceBySlug(slug: string): Service | undefined {
  return services.find((service) => service.path === slug);
}

export function getServiceById(id: number): Service | undefined {
  return services.find((service) => service.id === id);
}
