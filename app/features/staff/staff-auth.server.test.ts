import { describe, expect, test } from "vitest";
import { pageUrl } from "./staff-auth.server.ts";

const page = (url: string) => {
  const found = pageUrl(new Request(url));
  return found.pathname + found.search;
};

describe("pageUrl: the page a console request is for", () => {
  test("a page's own address is left as it is", () => {
    expect(page("http://x/staff/requests?kind=booking")).toBe("/staff/requests?kind=booking");
    expect(page("http://x/staff")).toBe("/staff");
  });
  test("a data request names its page, without React Router's own parameters", () => {
    expect(page("http://x/staff/requests.data?kind=booking&_routes=routes%2Fstaff%2Frequests")).toBe(
      "/staff/requests?kind=booking",
    );
    expect(page("http://x/staff.data?index")).toBe("/staff");
    expect(page("http://x/staff.data")).toBe("/staff");
    expect(page("http://x/_root.data")).toBe("/");
  });
});
