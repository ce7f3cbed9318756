/**
 * The fields a form sends with 'Check availability' (a GET of the page without JavaScript), read
 * back from the address so the page renders the form again with everything the guest typed.
 * Only the form's own field names are read, each cut to a sane length.
 */
const STAY_FORM_FIELDS = [
  "name",
  "email",
  "phone",
  "paymentMethod",
  "checkIn",
  "checkOut",
  "adults",
  "children",
  "roomId",
  "roomCount",
  "message",
  "venueId",
  "bookingDate",
  "numberOfPeople",
] as const;

export function echoedFields(params: URLSearchParams): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of STAY_FORM_FIELDS) {
    const value = params.get(name);
    if (value !== null) values[name] = value.slice(0, 2000);
  }
  // The extras ticked on a stay form, one checkbox each (`extra-<id>`).
  for (const [name, value] of params) {
    if (/^extra-\d{1,9}$/.test(name) && value === "on") values[name] = value;
  }
  return values;
}
