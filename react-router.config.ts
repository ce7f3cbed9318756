import type { Config } from "@react-router/dev/config";

export default {
  // Every page is rendered on the server; forms work before any script runs.
  ssr: true,
  // BUILD_DIR lets several builds live side by side (parallel test runs).
  buildDirectory: process.env.BUILD_DIR ?? "build",
} satisfies Config;
