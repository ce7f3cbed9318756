import { encode } from "turbo-stream";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { loadRouteData, submitToAction } from "./route-data.ts";

/** An answer as React Router sends a data request's: turbo-stream, marked X-Remix-Response. */
function routerAnswer(value: unknown, status = 200): Response {
  return new Response(encode(value), { status, headers: { "X-Remix-Response": "yes" } });
}

describe("an island's requests to its page's loader and action", () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    vi.stubGlobal("window", { location: { href: "https://lodge.example/rooms?book=Deluxe" } });
    vi.stubGlobal("fetch", fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetch.mockReset();
  });

  it("posts the form to the page's data address and reads the action's answer with its status", async () => {
    fetch.mockResolvedValue(
      routerAnswer({ data: { status: "error", code: "taken", message: "Taken" } }, 409),
    );
    const answer = await submitToAction("/rooms?book=Deluxe", new URLSearchParams({ name: "Guest" }));
    expect(answer).toEqual({ status: 409, data: { status: "error", code: "taken", message: "Taken" } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("https://lodge.example/rooms.data?book=Deluxe");
    expect(init?.method).toBe("POST");
    expect(String(init?.body)).toBe("name=Guest");
  });

  it("an action's redirect is the page to go on to (the deposit's payment step)", async () => {
    const redirect = { redirect: "/pay/LDG-7K3QX9?token=abc", status: 303, revalidate: false, reload: false };
    fetch.mockResolvedValue(routerAnswer(redirect, 202));
    expect(await submitToAction("/booking?tab=room", new URLSearchParams())).toEqual({
      status: 202,
      redirect: "/pay/LDG-7K3QX9?token=abc",
    });
  });

  it("a redirect to another site is no answer", async () => {
    fetch.mockResolvedValue(routerAnswer({ redirect: "https://elsewhere.example/pay", status: 302 }, 202));
    expect(await submitToAction("/booking?tab=room", new URLSearchParams())).toBeNull();
  });

  it("asks one route's loader for a page's data", async () => {
    fetch.mockResolvedValue(routerAnswer({ "routes/rooms": { data: { bookingDialog: null } } }));
    const answer = await loadRouteData("/rooms?book=Suite&checkIn=2026-12-01", "routes/rooms");
    expect(answer).toEqual({ status: 200, data: { bookingDialog: null } });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      "https://lodge.example/rooms.data?book=Suite&checkIn=2026-12-01&_routes=routes%2Frooms",
    );
  });

  it("the site's root is asked at /_.data", async () => {
    fetch.mockResolvedValue(routerAnswer({ root: { data: {} } }));
    await loadRouteData("/", "root");
    expect(new URL(String(fetch.mock.calls[0]?.[0])).pathname).toBe("/_.data");
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "a proxy answers with its own page",
      () => Promise.resolve(new Response("<h1>Bad Gateway</h1>", { status: 502 })),
    ],
    [
      "the answer cannot be read",
      () => Promise.resolve(new Response("not turbo-stream", { headers: { "X-Remix-Response": "yes" } })),
    ],
  ])("no answer when %s", async (_case, respond) => {
    fetch.mockImplementation(respond);
    expect(await submitToAction("/contact", new URLSearchParams())).toBeNull();
    expect(await loadRouteData("/contact", "routes/contact")).toBeNull();
  });

  it("a loader's error is no data", async () => {
    fetch.mockResolvedValue(routerAnswer({ "routes/rooms": { error: new Error("boom") } }, 500));
    expect(await loadRouteData("/rooms", "routes/rooms")).toBeNull();
  });
});
