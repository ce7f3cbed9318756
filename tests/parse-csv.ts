/**
 * A CSV file (RFC 4180: CRLF records, quoted fields with doubled quotes and line breaks) into its
 * records, as a spreadsheet reads it; a leading byte-order mark is dropped. For the tests that
 * download the staff console's lists.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let cell = "";
  let quoted = false;
  const body = text.startsWith("\uFEFF") ? text.slice(1) : text;
  for (let i = 0; i < body.length; i += 1) {
    const c = body[i];
    if (quoted) {
      if (c === '"' && body[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      record.push(cell);
      cell = "";
    } else if (c === "\r" && body[i + 1] === "\n") {
      record.push(cell);
      records.push(record);
      record = [];
      cell = "";
      i += 1;
    } else cell += c;
  }
  if (cell !== "" || record.length > 0) records.push([...record, cell]);
  return records;
}
