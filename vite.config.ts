import { fileURLToPath } from "node:url";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin, type ResolvedConfig } from "vite";

const ENHANCE_ENTRY = fileURLToPath(new URL("./app/enhance.client.ts", import.meta.url));
const ENHANCE_ID = "virtual:enhance-url";

/**
 * Builds app/enhance.client.ts, the one script of the public pages (ADR 0015), as an extra entry of
 * the client build (React Router owns that build's `input`), and tells the server render its
 * hashed URL through `virtual:enhance-url`. React Router builds the client environment before the
 * server one, so the name is known by the time the server bundle loads the virtual module.
 */
function enhanceModule(): Plugin {
  let config: ResolvedConfig;
  let built: { url: string; preloads: string[] } | undefined;
  return {
    name: "lodge:enhance-module",
    configResolved(resolved) {
      config = resolved;
    },
    buildStart() {
      if (this.environment.name !== "client" || config.command !== "build") return;
      this.emitFile({ type: "chunk", id: ENHANCE_ENTRY, name: "enhance" });
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const chunk = Object.values(bundle).find(
        (output) => output.type === "chunk" && output.facadeModuleId === ENHANCE_ENTRY,
      );
      if (chunk?.type !== "chunk") return;
      const url = (file: string) => `${config.base}${file}`;
      built = { url: url(chunk.fileName), preloads: chunk.imports.map(url) };
    },
    resolveId(id) {
      return id === ENHANCE_ID ? `\0${ENHANCE_ID}` : undefined;
    },
    load(id) {
      if (id !== `\0${ENHANCE_ID}`) return;
      const module = (url: string, preloads: readonly string[] = []) =>
        `export default ${JSON.stringify(url)};\nexport const preloads = ${JSON.stringify(preloads)};\n`;
      // Only the server render uses the URL; the client bundle never renders that branch.
      if (this.environment.name === "client") return module("");
      // The dev server serves and transforms the source file itself.
      if (config.command === "serve") return module(`/${ENHANCE_ENTRY.slice(config.root.length + 1)}`);
      if (!built) this.error("The client build has not produced the enhancement module yet.");
      return module(built.url, built.preloads);
    },
  };
}

export default defineConfig({
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            codeSplitting: {
              groups: [
                // What every page's script imports (app/enhance.client.ts: the carousels, the header's
                // menu, notices, the map, and the bundler's helper for the islands' imports): one
                // request besides the entry, not six. React, the islands
                // (app/islands.ts) and the form schemas (zod) stay chunks of their own, fetched when a
                // guest turns to an island (ADR 0015). The route modules React Router still builds for
                // the browser are loaded by no public page.
                {
                  name: "site-enhance",
                  test: /(app[\\/][\w\\/-]+-enhance\.ts|node_modules[\\/]embla-carousel|vite[\\/]preload-helper)/,
                },
              ],
            },
          },
        },
      },
    },
    // The server build's entry is our Express app, so the database, the
    // router context and the request handler share one module graph.
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
  },
  plugins: [reactRouter(), enhanceModule()],
});
