import { z } from "zod";

/**
 * The environment, parsed once at start so a bad setting fails fast with a
 * clear message instead of surfacing as an odd error on some later request.
 */
const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Folder of the embedded PostgreSQL (PGlite) database. */
  DATA_DIR: z.string().min(1).default("./data"),
  /** When set, a PostgreSQL server is used instead of the embedded database. */
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// or postgresql:// URL")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** Writes a minute per client address; 0 turns the limit off. */
  WRITE_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  /** Take the client address from X-Forwarded-For (only behind a trusted proxy). */
  TRUST_PROXY: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((v) => v === "true" || v === "1"),
  /** Public origin used for canonical URLs, Open Graph and the sitemap. */
  SITE_ORIGIN: z.url().default("http://localhost:3000"),
});

export type Env = z.infer<typeof EnvSchema>;

export function parseEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = EnvSchema.safeParse(source);
  if (!result.success) {
    const problems = result.error.issues
      .map((issue) => `  ${issue.path.join(".")}: ${issue.message}`)
      .join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  return result.data;
}
