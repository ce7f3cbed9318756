import { describe, expect, it } from "vitest";
import { FORM_UNREADABLE } from "../../app/shared/messages.ts";
import { action as booking } from "~/routes/booking.tsx";
import { action as contact } from "~/routes/contact.tsx";
import { action as myBooking } from "~/routes/my-booking.tsx";
import { action as newsletter } from "~/routes/newsletter.tsx";
import { action as newsletterConfirm } from "~/routes/newsletter.confirm.tsx";
import { action as newsletterUnsubscribe } from "~/routes/newsletter.unsubscribe.tsx";
import { action as reservation } from "~/routes/reservation.tsx";
import { action as rooms } from "~/routes/rooms.tsx";
import { answer, args, databaseDownContext } from "./route-calls.ts";

// A body that declares a form type with a valid boundary but is broken inside gets past the 415
// check (server/form-bodies.ts) and makes `request.formData()` throw: the client's mistake, so
// every form action answers 400 with a plain message, not a 500.

/** A multipart POST whose part has no Content-Disposition: undici refuses to parse it. */
const brokenMultipart = (path: string) =>
  new Request(`http://localhost:3000${path}`, {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=XYZ" },
    body: "--XYZ\r\nbroken header line\r\n\r\nA\r\n--XYZ--\r\n",
  });

describe("a broken multipart body", () => {
  const formActions = { contact, booking, reservation, newsletter } as const;
  for (const [name, action] of Object.entries(formActions)) {
    it(`gets 400 and the unreadable-form message from /${name}`, async () => {
      const { status, result } = await answer(
        action(args(brokenMultipart(`/${name}`), databaseDownContext())),
      );
      expect(status).toBe(400);
      expect(result).toMatchObject({ status: "error", message: FORM_UNREADABLE });
    });
  }

  it("gets 400 and the message in the booking dialog of /rooms", async () => {
    const answered = (await rooms(args(brokenMultipart("/rooms"), databaseDownContext()))) as unknown as {
      data: { result: unknown };
      init: { status: number };
    };
    expect(answered.init.status).toBe(400);
    expect(answered.data.result).toMatchObject({ status: "error", message: FORM_UNREADABLE });
  });

  it("gets 400 from /my-booking, which reads its form by itself", async () => {
    const thrown = await Promise.resolve(
      myBooking(args(brokenMultipart("/my-booking"), databaseDownContext())),
    ).then(
      () => null,
      (error: unknown) => error,
    );
    // Thrown as data(): the router answers with its status and the error page.
    expect(thrown).toMatchObject({ data: FORM_UNREADABLE, init: { status: 400 } });
  });

  for (const [path, action] of [
    ["/newsletter/confirm", newsletterConfirm],
    ["/newsletter/unsubscribe", newsletterUnsubscribe],
  ] as const) {
    it(`gets 400 from ${path}, not the 404 of a token never read`, async () => {
      const thrown = await Promise.resolve(action(args(brokenMultipart(path), databaseDownContext()))).then(
        () => null,
        (error: unknown) => error,
      );
      expect(thrown).toMatchObject({ data: FORM_UNREADABLE, init: { status: 400 } });
    });
  }
});
