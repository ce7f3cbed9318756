import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { getJson, islandApi, postForm } from "./island-api.ts";

type Answer = { status: string; message?: string };
const rooms = islandApi<{ rooms: string[] }, Answer>("/api/room-booking");

const json = (value: unknown, status = 200) => Response.json(value, { status });

describe("an island's requests to its JSON route", () => {
  const fetch = vi.fn<typeof globalThis.fetch>();
  beforeEach(() => {
    vi.stubGlobal("window", { location: { href: "https://lodge.example/rooms?book=Deluxe" } });
    vi.stubGlobal("fetch", fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    fetch.mockReset();
  });

  it("posts the form to the route with the page's query, and reads the answer whatever its status", async () => {
    fetch.mockResolvedValue(json({ status: "error", message: "Taken" }, 409));
    const answer = await postForm(rooms, new URLSearchParams({ name: "Guest" }), { book: "Deluxe" });
    expect(answer).toEqual({ body: { status: "error", message: "Taken" } });
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(String(url)).toBe("https://lodge.example/api/room-booking?book=Deluxe");
    expect(init?.method).toBe("POST");
    expect(String(init?.body)).toBe("name=Guest");
    expect(new Headers(init?.headers).get("Accept")).toBe("application/json");
  });

  it("an action's redirect is the page to go on to (the deposit's payment step)", async () => {
    fetch.mockResolvedValue(json({ redirect: "/pay/LDG-7K3QX9?token=abc" }));
    expect(await postForm(rooms, new URLSearchParams())).toEqual({ redirect: "/pay/LDG-7K3QX9?token=abc" });
  });

  it("a redirect to another site is no answer", async () => {
    fetch.mockResolvedValue(json({ redirect: "https://elsewhere.example/pay" }));
    expect(await postForm(rooms, new URLSearchParams())).toBeNull();
  });

  it("asks the route's loader with a query", async () => {
    fetch.mockResolvedValue(json({ rooms: ["101"] }));
    const query = new URLSearchParams({ book: "Suite", checkIn: "2026-12-01" });
    expect(await getJson(rooms, query)).toEqual({ rooms: ["101"] });
    expect(String(fetch.mock.calls[0]?.[0])).toBe(
      "https://lodge.example/api/room-booking?book=Suite&checkIn=2026-12-01",
    );
  });

  it.each([
    ["the network fails", () => Promise.reject(new TypeError("Failed to fetch"))],
    [
      "a proxy answers with its own page",
      () => Promise.resolve(new Response("<h1>Bad Gateway</h1>", { status: 502 })),
    ],
    [
      "the server's guards answer in plain text",
      () => Promise.resolve(new Response("This form is too large to send.", { status: 413 })),
    ],
    [
      "the answer cannot be read",
      () => Promise.resolve(new Response("{not json", { headers: { "Content-Type": "application/json" } })),
    ],
  ])("no answer when %s", async (_case, respond) => {
    fetch.mockImplementation(respond);
    expect(await postForm(rooms, new URLSearchParams())).toBeNull();
    expect(await getJson(rooms)).toBeNull();
  });

  it("a loader's error status is no data", async () => {
    fetch.mockResolvedValue(json({ ok: false, message: "Not valid" }, 404));
    expect(await getJson(rooms)).toBeNull();
  });
});
