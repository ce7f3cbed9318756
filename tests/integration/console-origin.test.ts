import { beforeAll, expect, it } from "vitest";
import * as signIn from "~/routes/staff/sign-in.tsx";
import * as outbox from "~/routes/staff/outbox.tsx";
import { describeEachEngine } from "./test-database.ts";
import { createStaff, outcome, PASSWORD, routeArgs, signedIn, staffPost } from "./staff-support.ts";

// The console's own check of form posts (ADR 0011, requireSameOrigin): a post must carry this
// site's Origin, or without one Sec-Fetch-Site: same-origin. What it answers when it refuses
// fits why: another site's post, or a post whose origin nothing tells (no browser headers).

const FOREIGN = "This form was sent from another site and has been refused.";
const UNCHECKED =
  "This form could not be checked, so it has not been accepted. Please send it again from the console page.";

describeEachEngine("the console's origin check", (getDatabase) => {
  let cookie = "";
  beforeAll(async () => {
    const manager = await createStaff(getDatabase().db, "manager");
    cookie = (await signedIn(getDatabase().db, manager.id)).cookie;
  });

  const signInPost = (headers: Record<string, string>) => {
    const request = staffPost(
      "/staff/sign-in",
      { email: "a@lodge.test", password: PASSWORD, next: "/staff" },
      undefined,
      null,
    );
    for (const [name, value] of Object.entries(headers)) request.headers.set(name, value);
    return outcome(signIn.action(routeArgs(request, getDatabase().context())));
  };

  it("refuses a post without any browser header in words that fit it", async () => {
    expect(await signInPost({})).toMatchObject({ status: 403, data: UNCHECKED });
    // A Referer alone (an old browser) does not tell the console enough either.
    expect(await signInPost({ Referer: "http://localhost:3000/staff/sign-in" })).toMatchObject({
      status: 403,
      data: UNCHECKED,
    });
    const request = staffPost("/staff/outbox", { intent: "retry", id: "1" }, cookie, null);
    expect(await outcome(outbox.action(routeArgs(request, getDatabase().context())))).toMatchObject({
      status: 403,
      data: UNCHECKED,
    });
  });

  it("says another site sent it when the browser says so", async () => {
    expect(await signInPost({ Origin: "https://evil.example" })).toMatchObject({
      status: 403,
      data: FOREIGN,
    });
    expect(await signInPost({ Origin: "null" })).toMatchObject({ status: 403, data: FOREIGN });
    expect(await signInPost({ "Sec-Fetch-Site": "cross-site" })).toMatchObject({
      status: 403,
      data: FOREIGN,
    });
    expect(
      await signInPost({ "Sec-Fetch-Site": "same-site", Referer: "https://other.localhost:3000/" }),
    ).toMatchObject({ status: 403, data: FOREIGN });
  });

  it("takes a post from the console itself", async () => {
    expect((await signInPost({ Origin: "http://localhost:3000" })).status).not.toBe(403);
    expect((await signInPost({ "Sec-Fetch-Site": "same-origin" })).status).not.toBe(403);
  });
});
