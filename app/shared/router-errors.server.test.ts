import { UNSAFE_ErrorResponseImpl as ErrorResponse } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { handleError } from "../entry.server.tsx";
import { logger } from "./logger.server.ts";
import { clientErrorStatus, logRouterError } from "./router-errors.server.ts";

// Logs: what React Router refuses (a 4xx) is the client's mistake, a warning like its
// request line; only a failure on our side is logged at level error.

afterEach(() => vi.restoreAllMocks());

const request = (path = "/contact") => new Request(`http://localhost:3000${path}?email=ann%40example.com`);

/** The errors React Router hands to handleError for a write whose Origin is not the request's. */
const ORIGIN_REFUSALS = [
  new Error(
    "The `request.url` origin does not match `origin` header from a forwarded action request. Aborting the action.",
  ),
  new Error("`origin` header is not a valid URL. Aborting the action."),
  new Error("Bad Request"),
];

describe("logRouterError", () => {
  it("logs the router's origin refusal as a client error (warn, 400), not as a failed request", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    for (const refusal of ORIGIN_REFUSALS) logRouterError(refusal, request());
    expect(error).not.toHaveBeenCalled();
    expect(warn).toHaveBeenCalledTimes(ORIGIN_REFUSALS.length);
    expect(warn.mock.calls[0]).toEqual([
      expect.objectContaining({ method: "GET", path: "/contact", status: 400 }),
      "request refused",
    ]);
  });

  it("logs a thrown 4xx response as a warning and a 5xx or an exception as an error", () => {
    const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
    const error = vi.spyOn(logger, "error").mockImplementation(() => {});
    logRouterError(new ErrorResponse(404, "Not Found", null), request("/details/99"));
    logRouterError(new ErrorResponse(503, "Service Unavailable", null), request());
    logRouterError(new Error("connect ECONNREFUSED"), request());
    expect(warn.mock.calls.map(([fields]) => fields)).toEqual([
      expect.objectContaining({ path: "/details/99", status: 404 }),
    ]);
    expect(error.mock.calls.map(([fields, message]) => [fields, message])).toEqual([
      [expect.objectContaining({ path: "/contact" }), "request failed"],
      [expect.objectContaining({ path: "/contact", error: "connect ECONNREFUSED" }), "request failed"],
    ]);
    // Never the query string: it may carry a guest's e-mail.
    expect(JSON.stringify([warn.mock.calls, error.mock.calls])).not.toContain("ann");
  });

  it("tells client errors from server errors", () => {
    expect(clientErrorStatus(new ErrorResponse(400, "Bad Request", "x"))).toBe(400);
    expect(clientErrorStatus(new ErrorResponse(500, "Internal Server Error", "x"))).toBeNull();
    expect(clientErrorStatus(new TypeError("x is undefined"))).toBeNull();
  });
});

it("is what the server entry's handleError logs with", () => {
  const warn = vi.spyOn(logger, "warn").mockImplementation(() => {});
  const error = vi.spyOn(logger, "error").mockImplementation(() => {});
  handleError(ORIGIN_REFUSALS[0], {
    request: new Request("http://127.0.0.1:3000/contact", { method: "POST" }),
  });
  expect(error).not.toHaveBeenCalled();
  expect(warn).toHaveBeenCalledWith(
    expect.objectContaining({ method: "POST", status: 400 }),
    "request refused",
  );
});
