// Room types, the room cards (/rooms, /details/{id}) and the seed data for bookable units.
// Prices are nightly rates in Zambian kwacha (ZMW), shown as e.g. 'K400'. The rates here only seed
// the database on first start; from then on the database is their one source (staff change them
// there), and cards, details, totals and structured data all read it.

import { images, type IconName, type ImageAsset } from "./images.ts";

export const ROOM_TYPES = ["Deluxe", "Executive Suite", "Mini Suite"] as const;
type RoomType = (typeof ROOM_TYPES)[number];

export type RoomTypeInfo = {
  type: RoomType;
  /** Nightly rate in kwacha the database's rooms of this type start with (the seed). */
  price: number;
  /** What the nightly rate includes. */
  includes: readonly string[];
};

export const roomTypes: readonly RoomTypeInfo[] = [
  { type: "Deluxe", price: 400, includes: ["DSTV", "Wi-Fi", "Swimming", "Work space"] },
  {
    type: "Executive Suite",
    price: 550,
    includes: ["DSTV", "Wi-Fi", "Swimming", "Work space", "Continental breakfast"],
  },
  { type: "Mini Suite", price: 350, includes: ["DSTV", "Wi-Fi", "Swimming"] },
];

type RoomFacility = {
  icon: IconName;
  /** Omitted where a count makes no sense (Wi-Fi). */
  quantity?: number;
  facility: string;
};

export type Room = {
  id: number;
  /** Card image. */
  img: ImageAsset;
  name: string;
  type: RoomType;
  /** Star rating, out of 5. */
  stars: number;
  description: string;
  /** The three pictures on /details/{id}. */
  images: readonly [ImageAsset, ImageAsset, ImageAsset];
  facilities: readonly RoomFacility[];
};

const FACILITIES: readonly RoomFacility[] = [
  { icon: "bed", quantity: 1, facility: "Bed" },
  { icon: "bath", quantity: 1, facility: "Bath" },
  { icon: "wifi", facility: "Wifi" },
];

export const rooms: readonly Room[] = [
  {
    id: 1,
    img: images.roomDeluxe,
    name: "Deluxe Room",
    type: "Deluxe",
    stars: 5,
    description:
      "A spacious room with a king bed and a proper work space. The nightly rate includes DSTV, " +
      "Wi-Fi and swimming.",
    images: [images.roomDeluxe, images.roomWorkDesk, images.roomBathroom],
    facilities: FACILITIES,
  },
  {
    id: 2,
    img: images.roomExecutiveSuite,
    name: "Executive Suite",
    type: "Executive Suite",
    stars: 5,
    description:
      "Our most generous suite, with a work space and a continental breakfast included. DSTV, " +
      "Wi-Fi and swimming come with every night.",
    images: [images.roomExecutiveSuite, images.roomLounge, images.roomBathroom],
    facilities: FACILITIES,
  },
  {
    id: 3,
    img: images.roomMiniSuite,
    name: "Mini Suite",
    type: "Mini Suite",
    stars: 5,
    description:
      "A cosy, restful suite looking onto the garden. The nightly rate includes DSTV, Wi-Fi and " +
      "swimming.",
    images: [images.roomMiniSuite, images.roomLounge, images.roomBathroom],
    facilities: FACILITIES,
  },
];

export function getRoomById(id: number): Room | undefined {
  return rooms.find((room) => room.id === id);
}

export type RoomFeature = { icon: IconName; text: string };

/** The fixed feature list on every room's detail page. */
export const roomFeatures: readonly RoomFeature[] = [
  { icon: "users", text: "2 Guests" },
  { icon: "ruler", text: "35 Feet Size" },
  { icon: "door", text: "Connecting Rooms" },
  { icon: "bed", text: "1 King Bed" },
  { icon: "tv", text: "Cable TV" },
  { icon: "shower", text: "Shower" },
  { icon: "lock", text: "Safebox" },
  { icon: "wifi", text: "Free WiFi" },
  { icon: "desk", text: "Work Desk" },
  { icon: "balcony", text: "Balcony" },
  { icon: "bath", text: "Bathtub" },
  { icon: "city", text: "City View" },
];

// ---- Seed data (decisions 5 and 6): created by the database seed on first start. ----

export type SeedRoomUnit = { roomNumber: string; type: RoomType; price: number };

/** How many units of each type exist, in room-number order starting at 101. */
const UNITS_PER_TYPE: Readonly<Record<RoomType, number>> = {
  Deluxe: 15,
  "Executive Suite": 10,
  "Mini Suite": 10,
};
const FIRST_ROOM_NUMBER = 101;

/** The 35 bookable room units, numbered 101-135: Deluxe first, then Executive, then Mini. */
export function seedRoomUnits(): SeedRoomUnit[] {
  const units: SeedRoomUnit[] = [];
  let next = FIRST_ROOM_NUMBER;
  for (const { type, price } of roomTypes) {
    for (let i = 0; i < UNITS_PER_TYPE[type]; i++) {
      units.push({ roomNumber: String(next++), type, price });
    }
  }
  return units;
}

export type SeedVenue = { venue: string; price: number };

/** Bookable venues; `price` is the hire price in kwacha for one booking. */
export const seedVenues: readonly SeedVenue[] = [
  { venue: "Conference Hall", price: 3500 },
  { venue: "Garden Pavilion", price: 5000 },
  { venue: "Poolside Terrace", price: 2500 },
];
