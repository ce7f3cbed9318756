// Every text the guest can read as feedback. Catalogue texts (spec section 8) are exact and
// must not be reworded; the validation texts are ours (decisions 7, 14, 15) and say how to fix.

// --- Spec catalogue: pages and loading -----------------------------------------------------
export const TO_BE_ADDED_SOON = "To be added soon";
export const SERVICE_NOT_FOUND = "Service Not Found";
export const BACK_TO_SERVICES = "Back to Services";
export const ROOM_NOT_FOUND = "Room not found";
export const PAGE_NOT_FOUND = "Page Not Found";
export const UNEXPECTED_ERROR = "Unexpected Application Error!";
export const LOADING_DATA = "Loading data...";
export const LOADING_AVAILABLE_ROOMS = "Loading available rooms...";
export const NO_ROOMS_AVAILABLE = "No rooms available";
export const SELECT_A_ROOM_PLACEHOLDER = "Select a Room";
export const ROOM_BOOKING_TITLE = "Room Booking";
export const CONFIRM_BOOKING = "Confirm Booking";

// --- Spec catalogue: load failures ----------------------------------------------------------
/** The /booking red box shows ERROR_PREFIX + the message. */
export const ERROR_PREFIX = "Error: ";
export const FAILED_TO_FETCH_ROOMS_PREFIX = "Failed to fetch rooms: ";
export const FAILED_TO_FETCH_VENUES_PREFIX = "Failed to fetch venues: ";
export const FAILED_TO_FETCH_AVAILABLE_ROOMS = "Failed to fetch available rooms. Please try again later.";
/** Replaces the spec's 'Firebase database connection not established': there is no Firebase. */
export const DB_NOT_CONNECTED = "Database connection not established";

// --- Spec catalogue: room dialog --------------------------------------------------------------
export const ROOM_JUST_BOOKED = "This room has just been booked. Please select another room.";
export const SELECT_ROOM = "Please select a room to continue.";
/** One event per venue per day (decisions.md 23). */
export const VENUE_ALREADY_BOOKED =
  "This venue is already booked on that date. Please choose another date or venue.";
export const BOOKING_SUCCESSFUL = "Booking successful!";
export const FAILED_TO_CREATE_BOOKING_PREFIX = "Failed to create booking: ";

// --- Spec catalogue: /booking -----------------------------------------------------------------
export const BOOKING_SAVE_FAILED = "Failed to create booking. Please try again.";
export const RESERVATION_SAVE_FAILED = "Failed to create reservation. Please try again.";
export const ROOM_VENUE_BOOKING_SUCCESSFUL = "Room/Venue booking successful!";
export const RESERVATION_BOOKING_SUCCESSFUL = "Reservation booking successful!";

// --- Spec catalogue: /reservation -------------------------------------------------------------
export const FAILED_TO_CREATE_RESERVATION_PREFIX = "Failed to create reservation: ";
export const RESERVATION_SUCCESSFUL = "Reservation successful!";

// --- Spec catalogue: newsletter and contact ---------------------------------------------------
export const NEWSLETTER_THANKS = "Thank you for subscribing to our newsletter!";
export const NEWSLETTER_ERROR = "Error subscribing. Please try again.";
export const VALID_EMAIL = "Please enter a valid email";
export const CONTACT_SENT = "Message sent successfully!";
export const CONTACT_ERROR = "Error sending message. Please try again.";

// --- Display fallbacks (spec section 3) -------------------------------------------------------
export const UNKNOWN_TYPE = "Unknown Type";
export const UNKNOWN_NUMBER = "Unknown Number";
export const UNKNOWN_VENUE = "Unknown Venue";
/** Shown for a testimonial whose guest gave no profession (spec section 3). */
export const PROFESSION_PLACEHOLDER = "Profession";

// --- Reasons after the catalogue's "Failed to ...: " prefixes (ours: short, no internals) ---------
export const REASON_DATABASE_UNAVAILABLE = "database unavailable";
export const REASON_UNEXPECTED = "an unexpected error occurred. Please try again.";

// --- Room Booking dialog without JavaScript (ours) --------------------------------------------
export const BOOKING_PENDING = "Booking…";
/** A form's button while its request is on its way. */
export const SENDING = "Sending…";
export const SEND_MESSAGE = "Send Message";
export const RESERVE_NOW = "Reserve Now";
export const SELECT_PAYMENT_METHOD = "Select Payment Method";
export const ESTIMATED_TOTAL = "Estimated total";
/** The reason a save failed when the cause is ours and not the database's reachability. */
export const SAVE_FAILED_REASON = "something went wrong on our side. Please try again.";
export const BOOKING_CHECK_FIELDS = "Please correct the fields marked below and try again.";
export const estimatedStayTotal = (total: string, nights: number) =>
  `${total} for ${nights} ${nights === 1 ? "night" : "nights"}`;

// --- /booking page (ours) ---------------------------------------------------------------------
export const BOOKING_PAGE_TITLE = "Booking";
export const BOOKING_TAB_LABELS = { room: "Room", reservation: "Reservation", venue: "Venue" } as const;
export const BOOKING_SUBMIT_LABELS = {
  room: "Book Room",
  reservation: "Reserve Room",
  venue: "Book Venue",
} as const;
export const SELECT_A_VENUE_PLACEHOLDER = "Select a Venue";
export const NO_VENUES_AVAILABLE = "No venues available";
export const SUMMARY_LABELS = {
  room: "Room",
  type: "Type",
  venue: "Venue",
  totalPrice: "Total price",
} as const;
export const perNight = (price: string) => `${price} per night`;

// --- Server limits (decisions 15, 16) ---------------------------------------------------------
/** A body that says it is a form but cannot be read as one: 400. */
export const FORM_UNREADABLE = "We could not read this form. Please reload the page and try again.";
export const RATE_LIMITED = "Too many requests. Please wait a minute and try again.";
export const TOO_LARGE = "Your request is too large. Please shorten your message and try again.";

// --- Field validation (ours) ------------------------------------------------------------------
export const NAME_REQUIRED = "Please enter your full name.";
export const NAME_TOO_LONG = "Please shorten your name to 100 characters or fewer.";
export const PHONE_REQUIRED = "Please enter your phone number.";
export const PHONE_INVALID = "Please enter a valid phone number.";
export const PHONE_TOO_LONG = "Please shorten the phone number to 30 characters or fewer.";
export const PAYMENT_METHOD_REQUIRED = "Please choose a payment method.";
export const SELECT_VENUE = "Please select a venue to continue.";
export const BOOKING_TYPE_REQUIRED = "Please choose a room, a reservation or a venue booking.";

export const CHECK_IN_REQUIRED = "Please choose a check-in date.";
export const CHECK_IN_INVALID = "Please enter a valid check-in date.";
export const CHECK_IN_PAST = "Please choose a check-in date from today onwards.";
export const CHECK_IN_TOO_LATE = "Please choose a check-in date within one year from today.";
export const CHECK_OUT_REQUIRED = "Please choose a check-out date.";
export const CHECK_OUT_INVALID = "Please enter a valid check-out date.";
export const CHECK_OUT_PAST = "Please choose a check-out date from today onwards.";
export const CHECK_OUT_TOO_LATE = "Please choose a check-out date within one year from today.";
export const CHECK_OUT_BEFORE_CHECK_IN =
  "Check-out cannot be before check-in. Please choose a later check-out date.";
export const BOOKING_DATE_REQUIRED = "Please choose a booking date.";
export const BOOKING_DATE_INVALID = "Please enter a valid booking date.";
export const BOOKING_DATE_PAST = "Please choose a booking date from today onwards.";
export const BOOKING_DATE_TOO_LATE = "Please choose a booking date within one year from today.";

export const ADULTS_REQUIRED = "Please enter the number of adults.";
export const ADULTS_WHOLE = "Adults must be a whole number.";
export const ADULTS_RANGE = "Adults must be between 1 and 20.";
export const CHILDREN_REQUIRED = "Please enter the number of children (0 if none).";
export const CHILDREN_WHOLE = "Children must be a whole number.";
export const CHILDREN_RANGE = "Children must be between 0 and 20.";
export const ROOM_COUNT_WHOLE = "Number of rooms must be a whole number.";
export const ROOM_COUNT_RANGE = "Number of rooms must be between 1 and 35.";
export const PEOPLE_REQUIRED = "Please enter the number of people.";
export const PEOPLE_WHOLE = "Number of people must be a whole number.";
export const PEOPLE_RANGE = "Number of people must be between 1 and 1000.";

export const MESSAGE_REQUIRED = "Please enter a message.";
export const MESSAGE_TOO_LONG = "Please shorten your message to 2000 characters or fewer.";
export const SUBJECT_TOO_LONG = "Please shorten the subject to 150 characters or fewer.";

// --- Helpers for the catalogue's "prefix + reason" messages ------------------------------------
export const failedToFetchRooms = (reason: string) => FAILED_TO_FETCH_ROOMS_PREFIX + reason;
export const failedToFetchVenues = (reason: string) => FAILED_TO_FETCH_VENUES_PREFIX + reason;
export const failedToCreateBooking = (reason: string) => FAILED_TO_CREATE_BOOKING_PREFIX + reason;
export const failedToCreateReservation = (reason: string) => FAILED_TO_CREATE_RESERVATION_PREFIX + reason;
/** Shown after a success message (decisions 10), e.g. 'Your booking reference is LDG-7K3QX9.' */
export const bookingReferenceNote = (reference: string) => `Your booking reference is ${reference}.`;

// --- Form vocabulary ----------------------------------------------------------------------

/** Labels keyed by the schema field names; the first nine are the room dialog's (spec section 2). */
export const FIELD_LABELS = {
  name: "Full Name",
  email: "Email Address",
  phone: "Phone Number",
  checkIn: "Check-in Date",
  checkOut: "Check-out Date",
  adults: "Adults",
  children: "Children",
  roomId: "Room",
  paymentMethod: "Payment Method",
  roomCount: "Number of Rooms",
  venueId: "Venue",
  bookingDate: "Booking Date",
  numberOfPeople: "Number of People",
  subject: "Subject",
  message: "Message",
} as const;

// /my-booking (decisions.md 28). One answer for a wrong reference and a wrong e-mail alike, so
// the page tells a stranger nothing about which requests exist.
export const MY_BOOKING_REFERENCE_REQUIRED = "Please enter your booking reference, e.g. LDG-7K3QX9.";
export const MY_BOOKING_NOT_FOUND =
  "We could not find a booking with this reference and e-mail address. Please check both and try again.";
export const MY_BOOKING_CANCELLED = "Your booking is cancelled. We have sent you an e-mail to confirm it.";
export const MY_BOOKING_CANNOT_CANCEL =
  "This booking can no longer be cancelled online. Please call us and we will help.";
export const MY_BOOKING_ERROR = "We could not look up your booking just now. Please try again in a moment.";

// Newsletter links from mails (double opt-in, one-click unsubscribe).
export const NEWSLETTER_CONFIRMED = "Thank you: your subscription is confirmed.";
export const NEWSLETTER_LINK_INVALID =
  "This link has already been used or is no longer valid. Subscribe again from the footer of any page.";
export const NEWSLETTER_UNSUBSCRIBED = "You are unsubscribed. You will receive no more newsletters from us.";

// Availability (decisions.md 23, 24; ADR 0010).
export const CHECK_AVAILABILITY = "Check availability";
export const SOLD_OUT_FOR_DATES = "Sold out for these dates";
export const roomsAvailable = (count: number) => `${count} ${count === 1 ? "room" : "rooms"} available`;
export const stayTotalFor = (total: string, nights: number) =>
  `${total} for ${nights} ${nights === 1 ? "night" : "nights"}`;
