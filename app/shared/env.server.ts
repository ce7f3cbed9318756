import { z } from "zod";
// Relative, not "~/": server/index.ts loads this module through the logger without Vite.
import { site } from "../content/site.ts";

/**
 * The environment, parsed once at start so a bad setting fails fast with a
 * clear message instead of surfacing as an odd error on some later request.
 */
/** Pino's levels; "silent" turns logging off (tests). */
export const LogLevelSchema = z
  .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"])
  .default("info");

/** Express's `trust proxy`: false, a hop count, or proxy addresses/subnets. */
type TrustProxy = false | number | string[];
// An IPv4/IPv6 address with an optional prefix length, or one of Express's named ranges.
const TRUST_PROXY_ENTRY = /^(loopback|linklocal|uniquelocal|[0-9a-f.:]+(\/\d{1,3})?)$/i;

/** An empty variable (`LODGE_INBOX=` in an env file) means unset, as for SMTP_URL. */
function emptyAsUnset(value: unknown): unknown {
  return value === "" ? undefined : value;
}

/** A URL with a host; the port, if given, in range (the URL parser refuses others). */
function hasHost(value: string): boolean {
  try {
    return new URL(value).hostname !== "";
  } catch {
    return false;
  }
}

const EnvFields = z.object({
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
  /**
   * Which proxies in front of the site to believe about the client's address, protocol and host
   * (X-Forwarded-For/-Proto/-Host): a hop count ("1" = the one proxy next to us) or a
   * comma-separated list of proxy addresses/subnets ("127.0.0.1, 10.0.0.0/8", or Express's names
   * loopback, linklocal, uniquelocal). "false"/"0"/empty: trust none. A bare "true" would trust
   * every hop, so any client could forge its address: refused.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("false")
    .transform((value, ctx): TrustProxy => {
      if (value === "" || value === "false" || value === "0") return false;
      if (/^\d+$/.test(value)) return Number(value);
      if (value === "true") {
        ctx.addIssue({
          code: "custom",
          message:
            'must be a hop count (e.g. "1") or a list of proxy addresses, not "true", which trusts forged X-Forwarded-For headers from anyone',
        });
        return z.NEVER;
      }
      const entries = value.split(",").map((entry) => entry.trim());
      if (entries.some((entry) => !TRUST_PROXY_ENTRY.test(entry))) {
        ctx.addIssue({
          code: "custom",
          message: "must be a hop count or a comma-separated list of IP addresses/subnets",
        });
        return z.NEVER;
      }
      return entries;
    }),
  /** Public origin used for canonical URLs, Open Graph and the sitemap. */
  SITE_ORIGIN: z.url().default("http://localhost:3000"),
  /**
   * The mail server, e.g. smtp://user:password@mail.example.com:587 or smtps://…:465. Unset: no
   * mail is sent; mails wait in the outbox (decisions.md 27).
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/[^\s]+$/, "must be an smtp:// or smtps:// URL")
    .refine(hasHost, "must be an smtp:// or smtps:// URL with a host (and a port from 1 to 65535)")
    .optional()
    .or(z.literal("").transform(() => undefined)),
  /** The sender of every mail: an address, or 'Name <address>'. Empty: the default. */
  MAIL_FROM: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .regex(
        /^([^<>\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/,
        "must be an address or 'Name <address>'",
      )
      .default(`${site.brandName} <${site.email}>`),
  ),
  /** Where the lodge receives new requests and cancellations (a bare address). Empty: the default. */
  LODGE_INBOX: z.preprocess(emptyAsUnset, z.email("must be an e-mail address").default(site.email)),
  /** Log level of the JSON lines on stdout. */
  LOG_LEVEL: z.lazy(() => LogLevelSchema),
  /**
   * Online deposits through Lenco (decisions.md 33, ADR 0018). Without a token no payment is
   * offered online and every booking works as before. The token is the API's Bearer token.
   */
  LENCO_API_TOKEN: z.preprocess(
    emptyAsUnset,
    // Lenco's tokens are long runs of base64-like characters ("Getting started"): the message says
    // so, and never repeats the value (a secret) in the log.
    z
      .string()
      .trim()
      .refine((value) => !/^bearer\s/i.test(value), 'must be the token alone, without "Bearer" in front')
      .refine(
        (value) => /^bearer\s/i.test(value) || /^[\x21-\x7e]{16,}$/.test(value),
        "must be the API token from Lenco: 16 or more letters, digits and signs such as + / = _ -, with no spaces",
      )
      .optional(),
  ),
  /** `live` or `sandbox`: which Lenco environment, and the default address of its API. */
  LENCO_ENVIRONMENT: z.preprocess(emptyAsUnset, z.enum(["live", "sandbox"]).default("live")),
  /** The API's base address; by default Lenco's own for the environment (a simulator in tests). */
  LENCO_API_URL: z.preprocess(emptyAsUnset, z.url().refine(hasHost, "must be a URL with a host").optional()),
  /**
   * The key Lenco signs webhooks with. Lenco's `webhook_hash_key` is the SHA-256 of the API
   * token, which is used when this is unset; set it only if Lenco gives you another.
   */
  LENCO_WEBHOOK_SECRET: z.preprocess(
    emptyAsUnset,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /**
   * The public key of Lenco's card widget ("Accept Payments"). Without it cards are not offered
   * online: a guest who chooses Credit Card books as before and pays at the lodge.
   */
  LENCO_PUBLIC_KEY: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{8,200}$/, "must be a Lenco public key")
      .optional(),
  ),
  /**
   * The address of Lenco's widget script; by default Lenco's own for the environment (the
   * simulator's in tests). Its origin is the one the payment step's CSP lets in.
   */
  LENCO_WIDGET_URL: z.preprocess(
    emptyAsUnset,
    z.url().refine(hasHost, "must be a URL with a host").optional(),
  ),
  /** How often each channel's calendar feed is read, in minutes (decisions.md 36, docs/channels.md). */
  CHANNEL_SYNC_MINUTES: z.preprocess(emptyAsUnset, z.coerce.number().int().min(1).max(1440).default(10)),
  /**
   * How long an event may be missing from a feed that still answers before its nights are
   * released, in minutes: a channel that drops an event for one read does not free its room.
   */
  CHANNEL_RELEASE_GRACE_MINUTES: z.preprocess(
    emptyAsUnset,
    z.coerce.number().int().min(0).max(10080).default(30),
  ),
  /** Whether each occupied room becomes Dirty every morning, for its stay-over service (ADR 0026). */
  HOUSEKEEPING_STAYOVER: z.preprocess(emptyAsUnset, z.enum(["on", "off"]).default("on")),
  /**
   * Fiscal tax invoices through ZRA Smart Invoice (decisions.md 37, ADR 0029): the address of the
   * branch's VSDC, and the TPIN, branch id and device serial ZRA provisioned it with. All four or
   * none; without them nothing is fiscalised and bills say they are not fiscal tax invoices.
   */
  VSDC_URL: z.preprocess(emptyAsUnset, z.url().refine(hasHost, "must be a URL with a host").optional()),
  ZRA_TPIN: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(/^[0-9]{10}$/, "must be the lodge's 10-digit TPIN")
      .optional(),
  ),
  ZRA_BRANCH_ID: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(/^[0-9]{3}$/, 'must be the 3-digit branch id ZRA gave the branch, such as "000"')
      .optional(),
  ),
  ZRA_DEVICE_SERIAL: z.preprocess(
    emptyAsUnset,
    z
      .string()
      .trim()
      .regex(/^[\x21-\x7e]{1,100}$/, "must be the VSDC's serial number as ZRA gave it, without spaces")
      .optional(),
  ),
});

/** Lenco's settings make sense together or not at all (decisions.md 33, ADR 0018). */
const EnvSchema = EnvFields.superRefine((env, ctx) => {
  const fiscal = ["VSDC_URL", "ZRA_TPIN", "ZRA_BRANCH_ID", "ZRA_DEVICE_SERIAL"] as const;
  if (fiscal.some((key) => env[key])) {
    for (const key of fiscal) {
      if (!env[key])
        ctx.addIssue({
          code: "custom",
          path: [key],
          message: `is needed with ${fiscal.filter((other) => env[other]).join(", ")}: set all four to fiscalise, or none`,
        });
    }
  }
  if (!env.LENCO_API_TOKEN) {
    for (const key of [
      "LENCO_API_URL",
      "LENCO_WEBHOOK_SECRET",
      "LENCO_PUBLIC_KEY",
      "LENCO_WIDGET_URL",
    ] as const) {
      if (env[key]) ctx.addIssue({ code: "custom", path: [key], message: "needs LENCO_API_TOKEN as well" });
    }
    return;
  }
  if (env.LENCO_ENVIRONMENT === "live" && env.LENCO_API_URL && !env.LENCO_API_URL.startsWith("https://")) {
    ctx.addIssue({
      code: "custom",
      path: ["LENCO_API_URL"],
      message: "must be https:// in the live environment",
    });
  }
  if (env.LENCO_WIDGET_URL && !env.LENCO_PUBLIC_KEY) {
    ctx.addIssue({ code: "custom", path: ["LENCO_WIDGET_URL"], message: "needs LENCO_PUBLIC_KEY as well" });
  }
  if (
    env.LENCO_ENVIRONMENT === "live" &&
    env.LENCO_WIDGET_URL &&
    !env.LENCO_WIDGET_URL.startsWith("https://")
  ) {
    ctx.addIssue({
      code: "custom",
      path: ["LENCO_WIDGET_URL"],
      message: "must be https:// in the live environment",
    });
  }
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
