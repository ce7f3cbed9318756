import { describe, expect, it } from "vitest";
import { hashToken, looksLikeToken, newToken } from "./staff-tokens.server.ts";
import {
  isSameOriginPost,
  safeNext,
  secureCookies,
  sessionCookies,
  sessionToken,
} from "./staff-auth.server.ts";

describe("staff tokens", () => {
  it("are 32 random bytes, base64url, different every time", () => {
    const tokens = new Set(Array.from({ length: 100 }, newToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) {
      expect(looksLikeToken(token)).toBe(true);
      expect(Buffer.from(token, "base64url")).toHaveLength(32);
    }
  });

  it("are stored as their SHA-256, never as themselves", () => {
    const token = newToken();
    expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashToken(token)).toBe(hashToken(token));
    expect(hashToken(token)).not.toContain(token);
  });

  it("refuses what cannot be a token", () => {
    for (const value of ["", "abc", `${newToken()}x`, "a".repeat(42) + "!", null, 42]) {
      expect(looksLikeToken(value)).toBe(false);
    }
  });
});

describe("staff session cookie", () => {
  it("is HttpOnly, SameSite=Lax, Path=/ (the console's /staff.data too), and Secure outside localhost", () => {
    const token = newToken();
    const [legacy, local] = sessionCookies(token, "http://localhost:3000").getSetCookie();
    expect(local).toContain(`lodge_staff=${token}`);
    expect(local).toMatch(/Path=\/; HttpOnly; SameSite=Lax; Max-Age=43200$/);
    expect(local).not.toContain("Secure");
    // The cookie of before (Path=/staff) goes, so a browser never sends two.
    expect(legacy).toBe("lodge_staff=; Path=/staff; HttpOnly; SameSite=Lax; Max-Age=0");
    expect(secureCookies("http://127.0.0.1:4710")).toBe(false);
    expect(sessionCookies(token, "https://lodge.example").getSetCookie()).toEqual([
      expect.stringMatching(/Path=\/staff.*; Secure$/),
      expect.stringMatching(/; Secure$/),
    ]);
    expect(sessionCookies(null, "http://localhost:3000").getSetCookie()).toEqual([
      "lodge_staff=; Path=/staff; HttpOnly; SameSite=Lax; Max-Age=0",
      "lodge_staff=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0",
    ]);
    expect(secureCookies("http://lodge.example")).toBe(true);
  });

  it("is read back from the Cookie header, and only when it looks like a token", () => {
    const token = newToken();
    const request = (cookie: string) =>
      new Request("http://localhost:3000/staff", { headers: { Cookie: cookie } });
    expect(sessionToken(request(`a=b; lodge_staff=${token}; c=d`))).toBe(token);
    expect(sessionToken(request("lodge_staff=forged"))).toBeUndefined();
  });
});

describe("cross-site posts", () => {
  const post = (headers: Record<string, string>) =>
    new Request("http://127.0.0.1:4710/staff", { method: "POST", headers });
  it("are refused unless the Origin is the site's (or the request's own)", () => {
    expect(isSameOriginPost(post({ Origin: "http://localhost:3000" }), "http://localhost:3000")).toBe(true);
    expect(isSameOriginPost(post({ Origin: "http://127.0.0.1:4710" }), "http://localhost:3000")).toBe(true);
    expect(isSameOriginPost(post({ Origin: "https://evil.example" }), "http://localhost:3000")).toBe(false);
    expect(isSameOriginPost(post({ Origin: "null" }), "http://localhost:3000")).toBe(false);
    expect(isSameOriginPost(post({}), "http://localhost:3000")).toBe(false);
    expect(isSameOriginPost(post({ "Sec-Fetch-Site": "same-origin" }), "http://localhost:3000")).toBe(true);
  });
});

describe("after sign-in", () => {
  it("goes only to a page of the console", () => {
    expect(safeNext("/staff/requests?kind=booking")).toBe("/staff/requests?kind=booking");
    expect(safeNext("/staff")).toBe("/staff");
    for (const bad of [
      null,
      "",
      "https://evil.example",
      "//evil.example",
      "/staff//evil",
      "/staffevil",
      "/staff/sign-out",
    ]) {
      expect(safeNext(bad)).toBe("/staff");
    }
  });
});
