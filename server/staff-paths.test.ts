import { describe, expect, test } from "vitest";
import { isStaffPath } from "./staff-paths.ts";

describe("isStaffPath", () => {
  test("the console's pages and data requests, in any letter case", () => {
    for (const path of [
      "/staff",
      "/staff/",
      "/staff.data",
      "/staff/requests",
      "/staff/requests.data",
      "/STAFF/Rooms",
    ])
      expect(isStaffPath(path), path).toBe(true);
  });
  test("not the public pages, nor paths that only begin with the same letters", () => {
    for (const path of ["/", "/staffing", "/staff.xml", "/rooms.data", "/_root.data", "/about/staff"])
      expect(isStaffPath(path), path).toBe(false);
  });
});
