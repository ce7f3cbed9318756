// The text of /privacy and /terms. Plain data so the lodge can edit it without touching the
// pages. PLACEHOLDER wording: have it checked before launch.

type LegalSection = { heading: string; paragraphs: readonly string[] };
export type LegalPage = {
  title: string;
  description: string;
  updated: string;
  sections: readonly LegalSection[];
};

export const privacyPolicy: LegalPage = {
  title: "Privacy Policy",
  description: "What personal data the lodge collects through this website, why, and how long it is kept.",
  updated: "2026-01-01",
  sections: [
    {
      heading: "What we collect",
      paragraphs: [
        "When you book a room, reserve a stay or book a venue we ask for your name, e-mail address " +
          "and phone number, the dates of your stay or event, the number of guests, your choice of " +
          "room or venue, how you intend to pay and any message you add.",
        "When you subscribe to the newsletter we keep your e-mail address. When you send us a " +
          "message through the contact page we keep your name, e-mail address, subject and message.",
        "We do not use advertising or tracking cookies. Our server keeps short technical logs " +
          "(such as the address a request came from) to protect the site against abuse.",
      ],
    },
    {
      heading: "Why we collect it",
      paragraphs: [
        "We use your details only to handle your booking, reservation or enquiry: to hold your " +
          "room or venue, to contact you about it and to prepare for your arrival. Newsletter " +
          "addresses are used only to send you news and offers from the lodge.",
        "We never sell your data or share it with others, except where the law requires it.",
      ],
    },
    {
      heading: "How long we keep it",
      paragraphs: [
        "Booking and reservation records are kept for as long as we need them for the stay or " +
          "event and for our accounts, and no longer than required by Zambian law. Contact " +
          "messages are kept for up to one year. Newsletter addresses are kept until you unsubscribe.",
      ],
    },
    {
      heading: "Your rights",
      paragraphs: [
        "You may ask to see the data we hold about you, to correct it or to have it deleted. You " +
          "may unsubscribe from the newsletter at any time. Write to us at the e-mail address on " +
          "the contact page, or call one of our booking numbers, and we will answer within 30 days.",
      ],
    },
  ],
};

export const termsAndConditions: LegalPage = {
  title: "Terms & Conditions",
  description: "Booking, payment and cancellation terms for rooms, reservations and venues at the lodge.",
  updated: "2026-01-01",
  sections: [
    {
      heading: "Bookings and reservations",
      paragraphs: [
        "A booking or reservation made on this website is a request that we confirm by phone or " +
          "e-mail. Keep the booking reference shown after you book: it helps us find your request " +
          "quickly. Please give accurate contact details so we can reach you.",
        "Check-in and check-out times are confirmed with your booking. Rooms are held for guests " +
          "arriving on the booked check-in date.",
      ],
    },
    {
      heading: "Prices and payment",
      paragraphs: [
        "Prices are in Zambian kwacha (K) per room per night, or per event for venues, and include " +
          "what each room or venue description lists. The total shown when you book is an estimate " +
          "for the nights chosen.",
        "Payment is made on arrival, in cash, by mobile money or by credit card. For large events " +
          "we may ask for a deposit, which we agree with you in advance.",
      ],
    },
    {
      heading: "Changes and cancellations",
      paragraphs: [
        "To change or cancel a booking, call or e-mail us as early as you can, quoting your booking " +
          "reference. Cancellations made at least 48 hours before check-in are free of charge. For " +
          "later cancellations or no-shows we may charge the first night. Venue deposits are " +
          "refundable when an event is cancelled at least 14 days ahead.",
      ],
    },
    {
      heading: "During your stay",
      paragraphs: [
        "Please look after the rooms, gardens and equipment. Children at the pool and in the play " +
          "park must be supervised by an adult; lifeguards are on duty during pool opening hours.",
      ],
    },
  ],
};
