import { describe, expect, it } from "vitest";
import { PAYMENT_METHODS } from "./db/schema.ts";
import * as messages from "./messages.ts";

describe("messages", () => {
  it("keeps the specification catalogue word for word", () => {
    expect(messages).toMatchObject({
      TO_BE_ADDED_SOON: "To be added soon",
      SERVICE_NOT_FOUND: "Service Not Found",
      BACK_TO_SERVICES: "Back to Services",
      ROOM_NOT_FOUND: "Room not found",
      PAGE_NOT_FOUND: "Page Not Found",
      UNEXPECTED_ERROR: "Unexpected Application Error!",
      LOADING_DATA: "Loading data...",
      LOADING_AVAILABLE_ROOMS: "Loading available rooms...",
      NO_ROOMS_AVAILABLE: "No rooms available",
      SELECT_A_ROOM_PLACEHOLDER: "Select a Room",
      ROOM_BOOKING_TITLE: "Room Booking",
      CONFIRM_BOOKING: "Confirm Booking",
      ERROR_PREFIX: "Error: ",
      FAILED_TO_FETCH_ROOMS_PREFIX: "Failed to fetch rooms: ",
      FAILED_TO_FETCH_VENUES_PREFIX: "Failed to fetch venues: ",
      FAILED_TO_FETCH_AVAILABLE_ROOMS: "Failed to fetch available rooms. Please try again later.",
      DB_NOT_CONNECTED: "Database connection not established",
      ROOM_JUST_BOOKED: "This room has just been booked. Please select another room.",
      SELECT_ROOM: "Please select a room to continue.",
      BOOKING_SUCCESSFUL: "Booking successful!",
      FAILED_TO_CREATE_BOOKING_PREFIX: "Failed to create booking: ",
      BOOKING_SAVE_FAILED: "Failed to create booking. Please try again.",
      RESERVATION_SAVE_FAILED: "Failed to create reservation. Please try again.",
      ROOM_VENUE_BOOKING_SUCCESSFUL: "Room/Venue booking successful!",
      RESERVATION_BOOKING_SUCCESSFUL: "Reservation booking successful!",
      FAILED_TO_CREATE_RESERVATION_PREFIX: "Failed to create reservation: ",
      RESERVATION_SUCCESSFUL: "Reservation successful!",
      NEWSLETTER_THANKS: "Thank you for subscribing to our newsletter!",
      NEWSLETTER_ERROR: "Error subscribing. Please try again.",
      VALID_EMAIL: "Please enter a valid email",
      CONTACT_SENT: "Message sent successfully!",
      CONTACT_ERROR: "Error sending message. Please try again.",
      UNKNOWN_TYPE: "Unknown Type",
      UNKNOWN_NUMBER: "Unknown Number",
      UNKNOWN_VENUE: "Unknown Venue",
      SELECT_VENUE: "Please select a venue to continue.",
      ADULTS_RANGE: "Adults must be between 1 and 20.",
    });
  });

  it("never mentions Firebase", () => {
    for (const value of Object.values(messages)) {
      if (typeof value === "string") expect(value).not.toMatch(/firebase/i);
    }
  });

  it("builds the prefixed messages", () => {
    expect(messages.failedToFetchRooms("timeout")).toBe("Failed to fetch rooms: timeout");
    expect(messages.failedToFetchVenues("timeout")).toBe("Failed to fetch venues: timeout");
    expect(messages.failedToCreateBooking("x")).toBe("Failed to create booking: x");
    expect(messages.failedToCreateReservation("x")).toBe("Failed to create reservation: x");
    expect(messages.bookingReferenceNote("LDG-7K3QX9")).toBe("Your booking reference is LDG-7K3QX9.");
  });

  it("has the dialog labels and payment methods", () => {
    expect(messages.FIELD_LABELS).toMatchObject({
      name: "Full Name",
      email: "Email Address",
      phone: "Phone Number",
      checkIn: "Check-in Date",
      checkOut: "Check-out Date",
      adults: "Adults",
      children: "Children",
      roomId: "Room",
      paymentMethod: "Payment Method",
    });
    expect(PAYMENT_METHODS).toEqual(["Cash", "Mobile Money", "Credit Card"]);
  });

  it("writes every validation message as a sentence", () => {
    for (const [key, value] of Object.entries(messages)) {
      if (/(_REQUIRED|_INVALID|_PAST|_TOO_LATE|_TOO_LONG|_RANGE|_WHOLE)$/.test(key)) {
        expect(value, key).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});
