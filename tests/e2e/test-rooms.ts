/**
 * The browser tests share one server and one database, and a booked room turns Occupied for
 * every test after it. So each test that books a room owns one here, and tests that need just
 * "some room" pick among the rest: two tests never race for the same room, whatever order the
 * workers run them in.
 */
export const BOOKED_ROOMS = {
  dialogBooks: "121 - Executive Suite - K550",
  dialogJustTaken: "122 - Executive Suite - K550",
  dialogDoubleClick: "123 - Executive Suite - K550",
  dialogWithoutJavaScript: "111 - Deluxe - K400",
  bookingPageRoomTab: "115 - Deluxe - K400",
  bookingPageWithoutJavaScript: "114 - Deluxe - K400",
  reservationOccupied: "131 - Mini Suite - K350",
  dialogFollowsDates: "124 - Executive Suite - K550",
  dialogTakenWithoutJavaScript: "112 - Deluxe - K400",
  dialogChangedResubmission: "125 - Executive Suite - K550",
  bookingPageFollowsDates: "113 - Deluxe - K400",
  reservationFollowsDates: "132 - Mini Suite - K350",
} as const;

/** The room number a label such as "121 - Executive Suite - K550" starts with. */
const numberOf = (label: string) => label.split(" - ")[0]?.trim();

const bookedNumbers = Object.values(BOOKED_ROOMS).map(numberOf);

/** True when no test books this room, so it stays Available for the whole run. */
export const staysAvailable = (label: string) => !bookedNumbers.includes(numberOf(label));
