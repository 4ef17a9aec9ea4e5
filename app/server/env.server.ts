// Environment, validated once at boot: a typo in a variable fails the start-up with a clear message
// instead of surfacing later as an `undefined` deep inside a request.
import path from "node:path";
import { z } from "zod";

const DEV_SESSION_SECRET = "songloom-dev-session-secret-change-me";

// "false", "0", "no" and "off" read as false; anything else that is set reads as true.
const booleanFlag = (fallback: boolean) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value === "" ? fallback : !/^(false|0|no|off)$/i.test(value)));

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === "" ? undefined : value));

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  // Where people reach the app (links in emails, OAuth callbacks). Outside production it defaults to
  // http://localhost:$PORT; production refuses to start without it (parseEnv).
  APP_URL: optionalText.pipe(z.url().optional()),
  // Unset means "use the embedded PGlite database under DATA_DIR" (see docs/decisions/001-embedded-database.md).
  DATABASE_URL: optionalText.pipe(z.url().optional()),
  DATA_DIR: z.string().min(1).default("./data"),
  // Disk the rendered-stem cache may use (DATA_DIR/stem-cache); edits re-render only changed parts.
  STEM_CACHE_MB: z.coerce.number().int().min(0).default(4096),
  SESSION_SECRET: optionalText,
  SMTP_URL: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  FACEBOOK_CLIENT_ID: optionalText,
  FACEBOOK_CLIENT_SECRET: optionalText,
  APPLE_CLIENT_ID: optionalText,
  APPLE_CLIENT_SECRET: optionalText,
  STRIPE_SECRET_KEY: optionalText,
  STRIPE_PUBLISHABLE_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText,
  // Request time limits (ADR 017): pages, forms and JSON; uploads, media and downloads.
  REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(30_000),
  LONG_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  // Behind a reverse proxy that sets X-Forwarded-Proto/-Host/-For: believe them (HSTS, same-origin check).
  // Read by server.mjs (express "trust proxy"); see docs/configuration.md.
  TRUST_PROXY: z.string().optional(),
  // Price of mastering one song, in US cents (docs/mastering.md); 0 takes mastering off sale.
  MASTERING_PRICE_CENTS: z.coerce.number().int().min(0).default(999),
  // The web process also works the job queues unless this is off (then run `npm run worker`).
  WORKER_IN_PROCESS: booleanFlag(true),
  // Multiplies every throttle's limit (app/server/rate-limit.server.ts); tests and load tests raise it.
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  // The whole graceful shutdown's budget, within Docker's default 10 s stop timeout (shutdown.server.ts).
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(7000),
  // Distribution (docs/distribution.md). A JSON file of the stores' SFTP connections; unset means no real
  // store is configured and the web process starts the local stores (development and tests).
  DISTRIBUTION_STORES_FILE: optionalText,
  // The GS1 company prefix UPCs are made from (6 to 11 digits). The default is in GS1's restricted-
  // circulation range (020…): numbers no store accepts, for development only.
  DISTRIBUTION_UPC_PREFIX: z.string().regex(/^\d{6,11}$/, "6 to 11 digits").default("0200000"),
  // The ISRC country and registrant code (CC + XXX). The default is for development only.
  DISTRIBUTION_ISRC_REGISTRANT: z.string().regex(/^[A-Z]{2}[A-Z0-9]{3}$/, "two letters then three letters or digits, e.g. GBAYE").default("ZZSLM"),
  // Who the DDEX messages say they are from: Songloom's DDEX Party Id (DPID) and name.
  DDEX_SENDER_DPID: z.string().regex(/^PADPIDA[a-zA-Z0-9]+$/, "a DDEX Party Id (PADPIDA…)").default("PADPIDA0SONGLOOM0DEV"),
  DDEX_SENDER_NAME: z.string().min(1).default("Songloom"),
  // Local stores: how long they wait before acknowledging a batch, and the port (0: any free one).
  LOCAL_STORES_ACK_DELAY_MS: z.coerce.number().int().min(0).default(500),
  /** The local stores' usage reports: our CSV or DDEX DSR flat files (docs/money.md "The local stores' reports"). */
  LOCAL_STORES_REPORT_FORMAT: z.enum(["csv", "dsr"]).default("csv"),
  LOCAL_STORES_PORT: z.coerce.number().int().min(0).max(65_535).default(0),
  // Royalties (docs/money.md): the creator's share of what stores pay, in percent (Songloom keeps the
  // rest), and the folder stores' usage reports arrive in (unset: DATA_DIR/royalty-reports).
  ROYALTY_CREATOR_SHARE_PERCENT: z.coerce.number().min(0).max(100).default(80),
  ROYALTY_REPORTS_DIR: optionalText,
  // Which style and filter previews the catalogue.previews job renders (app/services/catalogue-previews):
  // "all", "off", or a comma list of styles ("wd_lofi") and style/filter pairs ("wd_lofi/rainy_nights").
  CATALOGUE_PREVIEWS: z.string().default("all"),
  // Media in an S3-compatible bucket instead of DATA_DIR/media (docs/deploy.md, ADR 026): set S3_BUCKET to
  // turn it on; S3_ENDPOINT for a non-AWS store (MinIO, ...); keys may also come from the AWS SDK's usual
  // sources (AWS_ACCESS_KEY_ID, an instance role).
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalText.pipe(z.url().optional()),
  S3_REGION: z.string().min(1).default("us-east-1"),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_PREFIX: optionalText,
  // Operations (docs/deploy.md): pino's level; GET /metrics answers only a scraper sending this token
  // (unset: /metrics is off); a worker serves /metrics, /healthz and /readyz on METRICS_PORT when set.
  // Tests and benchmarks of several processes only: workers render this many seconds of each song
  // instead of the whole (the in-process tests call configureSongRendering). Refused in production.
  RENDER_EXCERPT_SECONDS: optionalText.pipe(z.coerce.number<string | undefined>().positive().max(600).optional()),
  // Creates and edits answer 429 (Retry-After) while the render queues hold this many waiting jobs
  // (jobs/admission.ts): the queue never grows without bound.
  RENDER_QUEUE_LIMIT: z.coerce.number().int().min(1).default(300),
  // A standalone worker's CPU niceness (0-19; 0 keeps the default): on a machine it shares with web
  // processes, renders then take the CPU only when page requests leave it (docs/deploy.md).
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  METRICS_TOKEN: optionalText,
  METRICS_PORT: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1).max(65_535).optional()),
});

export type Env = Omit<z.infer<typeof schema>, "SESSION_SECRET" | "APP_URL"> & { SESSION_SECRET: string; APP_URL: string };

export function parseEnv(source: Record<string, string | undefined>): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`).join("\n");
    throw new Error(`Invalid environment:\n${problems}`);
  }
  const { SESSION_SECRET, APP_URL, ...rest } = parsed.data;
  if (SESSION_SECRET === undefined && rest.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  SESSION_SECRET: required in production");
  }
  if (APP_URL === undefined && rest.NODE_ENV === "production") {
    // A guessed address would go out in every email link and OAuth callback, pointing people at localhost.
    throw new Error(
      "Invalid environment:\n  APP_URL: required in production: the address people reach Songloom at, e.g. APP_URL=https://songloom.example",
    );
  }
  if (rest.RENDER_EXCERPT_SECONDS !== undefined && rest.NODE_ENV === "production") {
    throw new Error("Invalid environment:\n  RENDER_EXCERPT_SECONDS: only for tests and benchmarks; production renders whole songs");
  }
  if (SESSION_SECRET === undefined) {
    console.warn("SESSION_SECRET is not set: using the development secret. Never do this in production.");
  }
  return {
    ...rest,
    APP_URL: APP_URL ?? `http://localhost:${rest.PORT}`,
    DATA_DIR: path.resolve(rest.DATA_DIR),
    SESSION_SECRET: SESSION_SECRET ?? DEV_SESSION_SECRET,
  };
}

export const env: Env = parseEnv(process.env);
