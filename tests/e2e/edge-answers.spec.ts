import http from "node:http";
import { expect, test } from "@playwright/test";
import { PAYMENTS_URL, SITE_URL } from "./servers.ts";

// What the production server answers at its edge to requests no browser page sends: the payment
// provider's webhook over the size limit, and a console post without any browser header.

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** A POST with only the headers given (no Origin, Referer or Sec-Fetch-*), on its own connection. */
function post(url: string, headers: Record<string, string>, body: Buffer | string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method: "POST", agent: false, headers }, (response) => {
      let text = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (text += chunk));
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }),
      );
    });
    // The server may answer and close before it has read all of a body it refuses.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    request.end(body);
  });
}

test("the payment webhook answers a body over 64 KB with 413 at once, as a form's", async () => {
  const url = `${PAYMENTS_URL}/payments/lenco/webhook`;
  const json = { "Content-Type": "application/json" };
  // Unsigned, so refused as forged: but read and answered.
  expect((await post(url, json, Buffer.alloc(64 * 1024, "x"))).status).toBe(401);
  const over = await post(url, json, Buffer.alloc(64 * 1024 + 1, "x"));
  expect(over.status).toBe(413);
  expect(over.headers.connection).toBe("close");
  expect(JSON.parse(over.body)).toEqual({ status: false, outcome: "too-large" });
});

test("a console post without any browser header is refused in words that fit it", async () => {
  const answer = await post(
    `${SITE_URL}/staff/sign-in`,
    { "Content-Type": "application/x-www-form-urlencoded" },
    new URLSearchParams({ email: "someone@lodge.test", password: "a long enough password" }).toString(),
  );
  expect(answer.status).toBe(403);
  expect(answer.body).toContain(
    "This form could not be checked, so it has not been accepted. Please send it again from the console page.",
  );
  expect(answer.body).not.toContain("another site");
});
