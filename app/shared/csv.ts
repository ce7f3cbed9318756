// CSV for the accountant's spreadsheet: RFC 4180 (CRLF line ends, fields quoted when
// they hold a comma, quote or line break, quotes doubled), UTF-8 with a byte-order mark so
// spreadsheet programs read accents and the kwacha sign right, and cells that a spreadsheet would
// run as a formula prefixed with an apostrophe, so it shows them as text.
//
// A cell is a formula when it starts with = + - or @, also after leading white space (spreadsheet
// programs trim it, so " =1+1" runs as well as "=1+1"), or with a tab or carriage return.
// One exception, so the accountant reads guests' phone numbers as typed, not behind an apostrophe:
// a + and then only digits and spaces, seven or more ("+260 977 123456", as the forms take them).
// Such a cell holds no operator, no function, no reference to a cell or another program; as a
// formula it could at most be the number itself, never run anything or read other cells. With
// anything else in it ("+260-977-…" would subtract, "+1+A1" would read a cell) it is escaped.
// A cell given as a number (a report's change, a net amount below zero) is never escaped: its
// text is the number itself, so a spreadsheet reads -120 as minus 120, not as the text '-120.

const FORMULA_START = /^(?:[\t\r]|\s*[=+\-@])/;
const PHONE_NUMBER = /^\s*\+\d[\d ]{6,}$/;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (typeof value !== "number" && FORMULA_START.test(text) && !PHONE_NUMBER.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The byte-order mark a file starts with. */
export const CSV_START = "\uFEFF";

/** Rows as CSV lines, each ended by CRLF: a file's part, so a long file can be sent in slices. */
export function csvLines(rows: readonly (readonly unknown[])[]): string {
  return rows.map((row) => `${row.map(csvCell).join(",")}\r\n`).join("");
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `${CSV_START}${csvLines([header, ...rows])}`;
}
