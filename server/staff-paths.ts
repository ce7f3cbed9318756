/**
 * Whether a request is for the staff console: its pages (`/staff`, `/staff/…`) and React Router's
 * data requests for them (`/staff.data` for the index page, `/staff/….data` for the others). In
 * any letter case, as Express and React Router match paths.
 */
export function isStaffPath(path: string): boolean {
  const lower = path.toLowerCase();
  return lower === "/staff" || lower === "/staff.data" || lower.startsWith("/staff/");
}
