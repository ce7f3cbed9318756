/**
 * A staff console list as a CSV download (app/routes/staff/export.ts). `search` carries the
 * page's filters, so the file holds what the page shows; `label` names the list when a page
 * offers several.
 */
export function CsvDownload({
  list,
  search = "",
  label = "Download as CSV",
}: {
  list: string;
  search?: string;
  label?: string;
}) {
  return (
    <a href={`/staff/export/${list}${search}`} download>
      {label}
    </a>
  );
}
