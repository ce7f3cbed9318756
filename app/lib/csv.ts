// CSV for the accountant's spreadsheet (issue 8): RFC 4180 (CRLF line ends, fields quoted when
// they hold a comma, quote or line break, quotes doubled), UTF-8 with a byte-order mark so
// spreadsheet programs read accents and the kwacha sign right, and cells that a spreadsheet would
// run as a formula (starting with = + - @, tab or carriage return) prefixed with an apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
