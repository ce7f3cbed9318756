import type { RouterContextProvider } from "react-router";
import { beforeAll, expect, it } from "vitest";
import { buildFolio } from "../../app/features/pricing/folio.ts";
import { updateLodgeSettings } from "../../app/features/pricing/lodge-settings.server.ts";
import { createRateRule, getKeptPrices } from "../../app/features/pricing/rates.server.ts";
import { quoteTaxLines } from "../../app/features/pricing/stay-estimate.ts";
import {
  pickerLabel,
  type RoomDialogAnswer,
  type RoomDialogData,
} from "../../app/features/stays/room-choices.ts";
import { addDays, lodgeToday } from "../../app/shared/dates.ts";
import { loader as bookingLoader } from "~/routes/booking.tsx";
import { loader as reservationLoader } from "~/routes/reservation.tsx";
import { action as roomsAction, loader as roomsLoader } from "~/routes/rooms.tsx";
import { formPost } from "./route-calls.ts";
import { roomId } from "./stay-fixtures.ts";
import { describeEachEngine } from "./test-database.ts";

// What a guest reads of a stay's price before booking: each room at its first night's price by
// the calendar and the stay's total, the taxes the total contains as the bill names them, and a
// stored request whose room label matches its price.

const checkIn = addDays(lodgeToday(), 60);
const checkOut = addDays(checkIn, 3);
const dates = `?checkIn=${checkIn}&checkOut=${checkOut}`;

function get(path: string, context: RouterContextProvider) {
  return { request: new Request(`http://localhost:3000${path}`), context, params: {} } as never;
}

describeEachEngine("prices as guests see them before booking", (getDatabase) => {
  beforeAll(async () => {
    const { db } = getDatabase();
    // A season at K520 a night for Deluxe rooms (base K400) over the whole stay, and VAT.
    await createRateRule(
      db,
      {
        name: "Festive season",
        roomTypes: ["Deluxe"],
        startsOn: addDays(checkIn, -5),
        endsOn: addDays(checkOut, 5),
        weekdays: [],
        kind: "fixed",
        value: 520,
      },
      null,
    );
    await updateLodgeSettings(db, { vatRegistered: true }, null);
  });

  it("/booking lists a room at the stay's first night and total, with the taxes the bill will show", async () => {
    const data = await bookingLoader(get(`/booking${dates}`, getDatabase().context()));
    const room = data.rooms.find((option) => option.roomNumber === "101");
    expect(room?.price).toBe(520);
    expect(pickerLabel(room!, checkIn, checkOut)).toBe("101 - Deluxe - K520 a night, K1,560 for 3 nights");
    // Other dates in the form than the list's: the list's price without a total.
    expect(pickerLabel(room!)).toBe("101 - Deluxe - K520");
    const taxes = quoteTaxLines(room?.quote?.total, data.taxes);
    expect(taxes.map((line) => [line.label, line.amount])).toEqual([
      ["Of which VAT 16%", 212],
      ["Of which Tourism levy 1.5%", 20],
    ]);
  });

  it("/reservation and the dialog list the same, and the booked room is named at its price", async () => {
    const { db } = getDatabase();
    const reservation = await reservationLoader(get(`/reservation${dates}`, getDatabase().context()));
    const choice = reservation.rooms.find((option) => option.label.startsWith("102 - "));
    expect(pickerLabel(choice!, checkIn, checkOut)).toBe("102 - Deluxe - K520 a night, K1,560 for 3 nights");
    expect(reservation.taxes).toMatchObject({ vatRegistered: true, vatRateBp: 1600, levyRateBp: 150 });

    const page = (await roomsLoader(
      get(`/rooms?book=Deluxe&${dates.slice(1)}`, getDatabase().context()),
    )) as {
      bookingDialog: RoomDialogData | null;
    };
    const listed = page.bookingDialog?.rooms;
    const option = listed?.rooms?.find((candidate) => candidate.roomNumber === "103");
    expect(pickerLabel(option!, checkIn, checkOut)).toBe("103 - Deluxe - K520 a night, K1,560 for 3 nights");
    const quoted = quoteTaxLines(option?.quote?.total, listed?.taxes);

    const answer = (await roomsAction({
      request: formPost("/rooms?book=Deluxe", {
        name: "Mutale Banda",
        email: "mutale@example.com",
        phone: "0977 123456",
        checkIn,
        checkOut,
        adults: "2",
        children: "0",
        roomId: String(await roomId(db, "103")),
        paymentMethod: "Cash",
        submissionId: crypto.randomUUID(),
      }),
      context: getDatabase().context(),
      params: {},
    } as never)) as { data: RoomDialogAnswer };
    expect(answer.data.result.status).toBe("success");
    const booking = await db
      .selectFrom("bookings")
      .selectAll()
      .where("roomNumber", "=", "103")
      .executeTakeFirstOrThrow();
    expect(booking).toMatchObject({ selectedRoom: "103 - Deluxe - K520", price: 520, totalPrice: 1560 });
    // The quote's tax lines are the bill's, line for line.
    const kept = await getKeptPrices(db, "booking", booking.id);
    const folio = buildFolio(
      {
        kind: "booking",
        roomNumber: booking.roomNumber,
        roomType: booking.roomType,
        checkIn,
        checkOut,
        price: booking.price,
        totalPrice: booking.totalPrice,
        kept,
      },
      [],
    );
    expect(quoted).toEqual(folio.taxes);
  });
});
