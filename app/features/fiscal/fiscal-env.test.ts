import { describe, expect, it } from "vitest";
import { parseEnv } from "~/shared/env.server.ts";

// The fiscal settings (docs/configuration.md "Fiscal invoices"): all four or none, checked at start.

const FOUR = {
  VSDC_URL: "http://127.0.0.1:8080/zrasandboxvsdc",
  ZRA_TPIN: "1002003004",
  ZRA_BRANCH_ID: "000",
  ZRA_DEVICE_SERIAL: "VSDC-0001",
};

const problem = (source: NodeJS.ProcessEnv) => {
  try {
    parseEnv(source);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("parsed");
};

describe("fiscal settings", () => {
  it("are optional: without them nothing is fiscalised", () => {
    const env = parseEnv({ ZRA_TPIN: "" });
    expect([env.VSDC_URL, env.ZRA_TPIN, env.ZRA_BRANCH_ID, env.ZRA_DEVICE_SERIAL]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it("take all four", () => {
    expect(parseEnv(FOUR)).toMatchObject(FOUR);
  });

  it("name the ones missing when only some are set", () => {
    const message = problem({ VSDC_URL: FOUR.VSDC_URL, ZRA_TPIN: FOUR.ZRA_TPIN });
    expect(message).toContain("ZRA_BRANCH_ID: is needed with VSDC_URL, ZRA_TPIN");
    expect(message).toContain("ZRA_DEVICE_SERIAL: is needed with");
  });

  it("refuse a TPIN, branch or address of the wrong shape", () => {
    expect(problem({ ...FOUR, ZRA_TPIN: "12345" })).toContain("ZRA_TPIN: must be the lodge's 10-digit TPIN");
    expect(problem({ ...FOUR, ZRA_BRANCH_ID: "0" })).toContain(
      "ZRA_BRANCH_ID: must be the 3-digit branch id",
    );
    expect(problem({ ...FOUR, VSDC_URL: "not a url" })).toContain("VSDC_URL");
    expect(problem({ ...FOUR, ZRA_DEVICE_SERIAL: "has space" })).toContain("ZRA_DEVICE_SERIAL");
  });
});
