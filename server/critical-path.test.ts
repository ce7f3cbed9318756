import { mkdtempSync, writeFileSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { criticalPath } from "./critical-path.ts";

const clientDir = mkdtempSync(join(tmpdir(), "critical-path-"));
mkdirSync(join(clientDir, "assets"));
writeFileSync(join(clientDir, "assets", "root-abc.css"), "body{color:#222}");

const page = (head: string) => `<!DOCTYPE html><html><head>${head}</head><body><p>hi</p></body></html>`;
const transform = criticalPath(clientDir);

describe("criticalPath", () => {
  it("inlines built stylesheets with the request's nonce", () => {
    const html = transform(page('<link nonce="n1" rel="stylesheet" href="/assets/root-abc.css"/>'), "n1");
    expect(html).toContain('<style nonce="n1" data-href="/assets/root-abc.css">body{color:#222}</style>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it("reads a stylesheet whose link carries a fragment", () => {
    const html = transform(page('<link rel="stylesheet" href="/assets/root-abc.css#"/>'), "n");
    expect(html).toContain('<style nonce="n" data-href="/assets/root-abc.css">body{color:#222}</style>');
  });

  it("keeps a stylesheet it cannot read, and any that is not a built asset", () => {
    const missing = '<link rel="stylesheet" href="/assets/gone-123.css"/>';
    const external = '<link rel="stylesheet" href="https://example.com/x.css"/>';
    const html = transform(page(missing + external), "n");
    expect(html).toContain(missing);
    expect(html).toContain(external);
  });

  it("cannot be made to close the style element early", () => {
    writeFileSync(join(clientDir, "assets", "odd-1.css"), 'a::after{content:"</style><script>"}');
    const html = transform(page('<link rel="stylesheet" href="/assets/odd-1.css"/>'), "n");
    expect(html).not.toContain("</style><script>");
  });
});
