import { z } from "zod";
import { requiredText } from "~/shared/forms/fields.ts";

// The forms of the calendar sync page (/staff/channels), one schema for browser and server.

const rowId = (message = "Please choose a room.") =>
  z.coerce.number({ message }).int(message).positive(message).max(2_147_483_647, message);

const feedUrl = z
  .string({ error: "Please paste the channel's calendar address." })
  .trim()
  .min(1, "Please paste the channel's calendar address.")
  .max(2000, "That address is too long.")
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "";
    } catch {
      return false;
    }
  }, "Please paste an address that starts with https://.");

export const channelsFormSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("add-feed"),
    roomId: rowId(),
    name: requiredText(60, "Please name the channel (Airbnb, Booking.com…).", "That name is too long."),
    url: feedUrl,
  }),
  z.object({ intent: z.literal("remove-feed"), feedId: rowId("That feed no longer exists.") }),
  z.object({ intent: z.literal("sync-feed"), feedId: rowId("That feed no longer exists.") }),
  z.object({ intent: z.literal("rotate"), roomId: rowId() }),
]);
