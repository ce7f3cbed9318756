import { describe, expect, it } from "vitest";
import { site } from "~/content/site.ts";
import { parseEnv } from "~/shared/env.server.ts";

// The mail settings (decisions.md 27, docs/configuration.md "Mail"): parsed with the rest of the
// environment at start, so a bad value stops the server with a clear line instead of failing on the
// first send.

const problem = (source: NodeJS.ProcessEnv) => {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("parsed");
};

describe("SMTP_URL", () => {
  it("is optional: unset or empty means mails wait in the outbox", () => {
    expect(parseEnv({}).SMTP_URL).toBeUndefined();
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });

  it("takes smtp:// and smtps:// URLs, with credentials and a port", () => {
    for (const url of [
      "smtp://127.0.0.1:2525",
      "smtp://mail.example.com",
      "smtp://user:pa%40ss@mail.example.com:587",
      "smtps://user:secret@mail.example.com:465",
    ]) {
      expect(parseEnv({ SMTP_URL: url }).SMTP_URL).toBe(url);
    }
  });

  it("refuses other schemes, spaces, a missing host and a bad port, without echoing the password", () => {
    for (const url of [
      "http://mail.example.com",
      "mail.example.com:587",
      "smtp://mail example.com",
      "smtp://",
      "smtp://user:secret@:587",
      "smtp://user:secret@mail.example.com:99999",
    ]) {
      const message = problem({ SMTP_URL: url });
      expect(message).toMatch(/^Invalid environment:\n {2}SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
      expect(message).not.toContain("secret");
    }
  });
});

describe("MAIL_FROM", () => {
  it("defaults to the lodge's name and address (also when empty)", () => {
    expect(parseEnv({}).MAIL_FROM).toBe(`${site.brandName} <${site.email}>`);
    expect(parseEnv({ MAIL_FROM: "" }).MAIL_FROM).toBe(`${site.brandName} <${site.email}>`);
  });

  it("takes an address, or a name and an address", () => {
    for (const from of [
      "bookings@lodge.example",
      "Lodge <bookings@lodge.example>",
      '"Lusaka West Gardens, Lodge" <bookings@lodge.example>',
    ]) {
      expect(parseEnv({ MAIL_FROM: from }).MAIL_FROM).toBe(from);
    }
  });

  it("refuses what is not one address, and header injection", () => {
    for (const from of [
      "Lodge",
      "Lodge <bookings>",
      "bookings@lodge.example, other@lodge.example",
      "Lodge <bookings@lodge.example> trailing",
      "Lodge\r\nBcc: everyone@example.com <bookings@lodge.example>",
      "<bookings@lodge.example>\r\nBcc: everyone@example.com",
    ]) {
      expect(problem({ MAIL_FROM: from })).toContain("MAIL_FROM: must be an address or 'Name <address>'");
    }
  });
});

describe("LODGE_INBOX", () => {
  it("defaults to the lodge's address (also when empty) and takes a bare address", () => {
    expect(parseEnv({}).LODGE_INBOX).toBe(site.email);
    expect(parseEnv({ LODGE_INBOX: "" }).LODGE_INBOX).toBe(site.email);
    expect(parseEnv({ LODGE_INBOX: "desk@lodge.example" }).LODGE_INBOX).toBe("desk@lodge.example");
  });

  it("refuses anything but one bare address", () => {
    for (const inbox of [
      "desk",
      "desk@",
      "Lodge <desk@lodge.example>",
      "desk@lodge.example, b@lodge.example",
    ]) {
      expect(problem({ LODGE_INBOX: inbox })).toContain("LODGE_INBOX: must be an e-mail address");
    }
  });

  it("reports every bad mail setting at once", () => {
    const message = problem({ SMTP_URL: "ftp://x", MAIL_FROM: "x", LODGE_INBOX: "y" });
    expect(
      message
        .split("\n")
        .slice(1)
        .map((line) => line.trim().split(":")[0]),
    ).toEqual(["SMTP_URL", "MAIL_FROM", "LODGE_INBOX"]);
  });
});
