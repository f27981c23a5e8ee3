import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";

// The one place that reads the environment. Every variable is described here; docs/configuration.md's table lists the
// same names (a unit test compares them), and a wrong value stops the start with a message naming it.

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);
/** A variable that may be unset (or blank); when set it must pass `schema`. */
const optional = <T extends z.ZodTypeAny>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const text = () => optional(z.string().trim());
const flag = () =>
  optional(
    z
      .enum(["true", "false", "1", "0", "yes", "no"], { message: "must be true or false" })
      .transform((v) => v === "true" || v === "1" || v === "yes"),
  );
const integer = (min: number, max: number) =>
  optional(
    z
      .string()
      .regex(/^\d+$/, `must be a whole number from ${min} to ${max}`)
      .transform(Number)
      .pipe(z.number().min(min, `must be at least ${min}`).max(max, `must be at most ${max}`)),
  );
const list = () =>
  optional(
    z.string().transform((v) =>
      v
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    ),
  );
const hostAndPort = () => optional(z.string().regex(/^[\w.-]+:\d+$/, "must be host:port"));

function isTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

// Intl formats any three letters as a currency (with 2 decimals); only the codes it knows have their real minor unit.
const CURRENCIES = new Set(Intl.supportedValuesOf("currency"));
const isCurrency = (code: string) => CURRENCIES.has(code);

/** The payment providers the site can use (app/services/payments/); the first is the default. */
export const PAYMENT_PROVIDER_IDS = ["test", "stripe"] as const;

/** Log levels, most detailed first (pino's names). */
export const LOG_LEVELS = ["trace", "debug", "info", "warn", "error", "fatal"] as const;

/** Every environment variable the site reads, with what docs/configuration.md says of it. */
export const environmentSchema = z.object({
  PORT: integer(1, 65535).describe("port the site listens on; default 3000"),
  HOST: text().describe("address the site listens on; default 127.0.0.1 (0.0.0.0 for every interface)"),
  TRUST_PROXY: flag().describe(
    "true behind a reverse proxy that sets X-Forwarded-For and X-Forwarded-Proto (an https request then gets HSTS); default false",
  ),
  DATA_DIR: text().describe("folder of the embedded database, accounts and secrets; default .data"),
  MEMORY_DATABASE_DUMP: text().describe(
    "a PGlite dump (.tar) that an in-memory database (DATA_DIR=memory://) starts from instead of a new cluster; the unit tests make one, migrated; default none",
  ),
  DATABASE_URL: optional(
    z.string().regex(/^postgres(ql)?:\/\/\S+$/, "must be a postgres:// URL, e.g. postgres://user:pass@host:5432/db"),
  ).describe("PostgreSQL instead of the embedded PGlite"),
  DATABASE_POOL_SIZE: integer(1, 1000).describe("PostgreSQL connections per app instance; default 10"),
  SITE_HEAP_MB: integer(128, 16384).describe(
    "JavaScript heap of the site process at most, in MB; default V8's own; 384 keeps an instance under 500 MB (decision 27)",
  ),
  SAMPLE_DATA: flag().describe(
    "load the sample movies and a rolling two weeks of sample shows; default true without DATABASE_URL",
  ),
  SESSION_SECRET: list().describe("secrets that sign cookies, comma-separated to rotate; required with DATABASE_URL"),
  SECURE_COOKIES: flag().describe("mark cookies Secure (serve over HTTPS); default true with DATABASE_URL"),
  CINEMA_TIMEZONE: optional(
    z.string().refine(isTimeZone, (zone) => ({ message: `"${zone}" is not an IANA time zone` })),
  ).describe("IANA zone in which dates and show times are shown; default UTC"),
  CURRENCY: optional(
    z
      .string()
      .toUpperCase()
      .refine(isCurrency, (code) => ({ message: `"${code}" is not an ISO 4217 currency code` })),
  ).describe("ISO 4217 currency of prices, kept in its own minor unit (cents, yen, fils); default USD"),
  CINEMA_ADDRESS: text().describe(
    "the cinema's street address, in the footer and on e-tickets, ticket mails and calendar entries with a map link; default a sample, 1 Marquee Lane, Springfield",
  ),
  FIREBASE_API_KEY: text().describe("web API key of a real Firebase project (turns the embedded emulator off)"),
  FIREBASE_AUTH_DOMAIN: text().describe("auth domain for the Google popup; default <project id>.firebaseapp.com"),
  FIREBASE_PROJECT_ID: text().describe("Firebase project id; default demo-marquee (the emulator needs demo-...)"),
  FIREBASE_SERVICE_ACCOUNT: optional(
    z.string().transform((json, ctx) => {
      try {
        return JSON.parse(json) as Record<string, unknown>;
      } catch {
        ctx.addIssue({ code: "custom", message: "must be the service account key's JSON" });
        return z.NEVER;
      }
    }),
  ).describe("service account key (the JSON itself) for firebase-admin"),
  GOOGLE_APPLICATION_CREDENTIALS: text().describe(
    "path to a service account key file, used when FIREBASE_SERVICE_ACCOUNT is unset",
  ),
  FIREBASE_AUTH_EMULATOR_HOST: hostAndPort().describe(
    "host:port of an Auth emulator; npm start sets it for the embedded one",
  ),
  AUTH_EMULATOR_HOST: text().describe("address of the embedded Auth emulator; default 127.0.0.1"),
  AUTH_EMULATOR_PORT: integer(0, 65535).describe("port of the embedded Auth emulator; default 0, a free port"),
  AUTH_EMULATOR_HUB: hostAndPort().describe(
    "host:port of the embedded emulator's hub, through which accounts are saved; set by npm start",
  ),
  AUTH_EMULATOR_STARTING: flag().describe(
    "set by npm start for its site process: the embedded emulator is still starting, and the site asks it nothing until told it is ready",
  ),
  AUTH_EMULATOR_SAVE_SECONDS: integer(1, 86400).describe(
    "how often the embedded emulator's accounts are saved besides after each sign-up; default 60",
  ),
  ADMIN_EMAILS: list().describe("emails made staff when they sign in with a verified email"),
  STAFF_EMAIL: text().describe("the embedded default's staff account; default staff@marquee.example"),
  STAFF_CHANGES_KEEP_DAYS: integer(1, 36500).describe(
    "how many days the record of who changed what keeps each change; default 730",
  ),
  REPORTS_FRESH_SECONDS: integer(0, 3600).describe(
    "how long one reading of a period's reports is shown to every staff member who asks, while a new one is read; 0 reads anew each time (one reading still serves those who ask at once); default 60",
  ),
  STAFF_INVITATION_DAYS: integer(1, 90).describe("how many days a staff invitation can be accepted; default 7"),
  HOLD_MINUTES: integer(1, 1440).describe("how long an unpaid booking holds its seats; default 10"),
  WAITLIST_OFFER_MINUTES: integer(1, 720).describe(
    "how long seats offered by mail to someone on a waitlist are held for them to pay (never past the show's start); default 30",
  ),
  TEST_HOOKS: flag().describe(
    "tests only: lets a POST to /test-hooks/holds/<booking id>/end end that hold now (decision 37); default false",
  ),
  MAX_UNPAID_BOOKINGS: integer(1, 1000).describe("unpaid bookings a customer may hold at once; default 3"),
  STRANDED_SEAT_RULE: flag().describe(
    "refuse a seat choice that leaves a single empty seat between taken ones; default true",
  ),
  COMPANION_RELEASE_MINUTES: integer(0, 10080).describe(
    "companion seats no wheelchair user booked are open to everyone from this long before the show; default 60",
  ),
  CLEANING_MINUTES: integer(0, 240).describe("time a hall needs between one show's end and the next start; default 15"),
  CHECK_IN_OPENS_MINUTES: integer(0, 1440).describe(
    "a paid ticket can be checked in at the door from this long before its show until the show ends; default 120",
  ),
  CANCEL_CUTOFF_MINUTES: integer(0, 43200).describe(
    "a paid booking can be cancelled with a full refund until this long before the show; default 120",
  ),
  PAYMENT_PROVIDER: optional(z.enum(PAYMENT_PROVIDER_IDS)).describe(
    `payment provider: ${PAYMENT_PROVIDER_IDS.join(", ")}; default test (a TEST MODE hosted page of our own)`,
  ),
  STRIPE_SECRET_KEY: optional(
    z
      .string()
      .regex(/^(sk|rk)_(test|live)_\w+$/, "must be a Stripe secret or restricted key, sk_test_... or sk_live_..."),
  ).describe("with PAYMENT_PROVIDER=stripe: the account's secret key; a live key needs an https:// SITE_URL"),
  STRIPE_WEBHOOK_SECRET: optional(
    z.string().regex(/^whsec_\w+$/, "must be a webhook signing secret, whsec_..."),
  ).describe("with PAYMENT_PROVIDER=stripe: the signing secret of the webhook endpoint SITE_URL/webhooks/payments"),
  STRIPE_API_URL: optional(
    z.string().regex(/^https?:\/\/[^\s/?#]+$/, "must be an address, e.g. http://127.0.0.1:12111"),
  ).describe("where the Stripe SDK sends its requests; default Stripe's own (tests point it at a local server)"),
  MAX_TRAILER_MB: integer(1, 10240).describe(
    "largest trailer video staff may upload for a film, in MB; it streams into the database as it comes; default 200",
  ),
  TMDB_API_KEY: text().describe(
    "a TMDB API key (v3), sent as api_key, that turns on Import from TMDB for staff (https://www.themoviedb.org/settings/api); default none",
  ),
  TMDB_READ_ACCESS_TOKEN: text().describe(
    "a TMDB API Read Access Token, sent as a Bearer token, used instead of TMDB_API_KEY when set; default none",
  ),
  TMDB_REGION: optional(
    z
      .string()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, "must be an ISO 3166-1 country code, e.g. GB"),
  ).describe(
    "country whose now-playing and upcoming films, and whose certificate, Import from TMDB reads; default GB, the country of the certificates the site starts with",
  ),
  TMDB_API_URL: optional(
    z.string().regex(/^https?:\/\/[^\s/?#]+$/, "must be an address, e.g. http://127.0.0.1:12112"),
  ).describe("where TMDB API requests go; default https://api.themoviedb.org (tests point it at a local server)"),
  TMDB_IMAGE_URL: optional(
    z.string().regex(/^https?:\/\/[^\s/?#]+$/, "must be an address, e.g. http://127.0.0.1:12112"),
  ).describe(
    "TMDB's image host, from which imported images are downloaded once; must be set with a TMDB key (docs/operations.md)",
  ),
  TMDB_TIMEOUT_SECONDS: integer(1, 60).describe(
    "how long a request to TMDB may take before staff are told it is unreachable; default 10",
  ),
  CHECKOUT_RECONCILE_SECONDS: integer(5, 3600).describe(
    "how often checkouts whose hold ended are expired at the gateway and asked about; default 60",
  ),
  CHECKOUT_ASK_AFTER_SECONDS: integer(1, 3600).describe(
    "how old an open checkout on a running hold must be before that job asks the gateway about it; default 60",
  ),
  STAFF_PASSWORD: optional(z.string().min(8, "must be at least 8 characters")).describe(
    "its password; default generated once per data folder and kept in DATA_DIR/staff-password",
  ),
  SITE_URL: optional(
    z
      .string()
      .regex(
        /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/,
        "must be an http:// or https:// address, e.g. https://tickets.example",
      )
      .transform((url) => url.replace(/\/+$/, "")),
  ).describe(
    "the site's public address: in the links of mails, and the canonical, sharing and sitemap addresses of pages; default http://<HOST>:<PORT>",
  ),
  SMTP_URL: optional(
    z.string().regex(/^smtps?:\/\/\S+$/, "must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example:587"),
  ).describe("SMTP server that delivers the mails; default none: they are written to DATA_DIR/outbox as .eml files"),
  MAIL_FROM: optional(
    z
      .string()
      .regex(
        /^(.*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/,
        'must be an address, e.g. "Marquee" <tickets@example.com>',
      ),
  ).describe('sender of the mails; default "Marquee Cinemas" <no-reply@marquee.example>'),
  REMINDER_MINUTES: integer(1, 10080).describe(
    "a paid booking's reminder is mailed this long before the show; default 120",
  ),
  AUTH_SYNC_URL: optional(z.string().regex(/^https?:\/\/\S+$/, "must be an http:// or https:// URL")).describe(
    "address told of each sign-in (POST) and sign-out (DELETE), see Sign-in sync; default none",
  ),
  POST_LIMITS: flag().describe(
    "limit booking, payment and check-in posts per person and client address (decision 8); default true",
  ),
  NODE_ENV: text().describe("production: logs are JSON lines; anything else: one readable line per event"),
  LOG_LEVEL: optional(z.enum(LOG_LEVELS)).describe(
    `least important log level written: ${LOG_LEVELS.join(", ")}; default info`,
  ),
  METRICS_TOKEN: optional(z.string().min(16, "must be at least 16 characters")).describe(
    "bearer token that opens /metrics to other hosts than the site's own; default: loopback clients only",
  ),
  APPLE_WALLET_PASS_TYPE_ID: text().describe(
    "Pass Type ID of the cinema's Apple Wallet passes (pass.com.example.tickets); with the team id and the three files below, paid bookings offer Add to Apple Wallet; default none",
  ),
  APPLE_WALLET_TEAM_ID: text().describe("Apple developer team id that owns the Pass Type ID"),
  APPLE_WALLET_CERTIFICATE: text().describe("path to the Pass Type ID certificate (PEM)"),
  APPLE_WALLET_KEY: text().describe("path to that certificate's private key (PEM)"),
  APPLE_WALLET_KEY_PASSPHRASE: text().describe("passphrase of that key, if it has one"),
  APPLE_WALLET_WWDR: text().describe("path to Apple's WWDR intermediate certificate (PEM) that issued the certificate"),
  APPLE_WALLET_APNS_HOST: optional(
    z.string().regex(/^[\w.-]+(:\d+)?$/, "must be a host or host:port, e.g. api.sandbox.push.apple.com"),
  ).describe(
    "Apple's push service, told over HTTP/2 when a pass in a wallet changed (signed in with the Pass Type ID certificate); default api.push.apple.com",
  ),
  APPLE_WALLET_APNS_CA: text().describe(
    "path to the certificate authorities (PEM) trusted for APNs instead of the system's; default the system's (tests point it at their own)",
  ),
  GOOGLE_WALLET_ISSUER_ID: text().describe(
    "Google Wallet issuer id; with GOOGLE_WALLET_SERVICE_ACCOUNT, paid bookings offer Add to Google Wallet; default none",
  ),
  GOOGLE_WALLET_SERVICE_ACCOUNT: optional(
    z.string().transform((json, ctx) => {
      try {
        const key = JSON.parse(json) as Record<string, unknown>;
        if (typeof key.client_email === "string" && typeof key.private_key === "string")
          return { clientEmail: key.client_email, privateKey: key.private_key };
      } catch {
        // Said below.
      }
      ctx.addIssue({
        code: "custom",
        message: "must be the service account key's JSON, with client_email and private_key",
      });
      return z.NEVER;
    }),
  ).describe("key (the JSON itself) of the service account that signs Google Wallet save links"),
  GOOGLE_WALLET_TOKEN_URL: optional(
    z.string().regex(/^https?:\/\/[^\s?#]+$/, "must be an address, e.g. http://127.0.0.1:12113/token"),
  ).describe(
    "where the service account gets its access token to update saved tickets; default https://oauth2.googleapis.com/token",
  ),
  GOOGLE_WALLET_API_URL: optional(
    z.string().regex(/^https?:\/\/[^\s/?#]+$/, "must be an address, e.g. http://127.0.0.1:12113"),
  ).describe(
    "where saved tickets are updated (Google Wallet's REST API); default https://walletobjects.googleapis.com (tests point it at a local server)",
  ),
});

export class ConfigurationError extends Error {}

const DEFAULT_PROJECT_ID = "demo-marquee";
const MEMORY = "memory://";

const DEFAULT_MAIL_FROM = '"Marquee Cinemas" <no-reply@marquee.example>';

/** The address of a site listening on host:port, as a browser on the same machine reaches it. */
function localSiteUrl(host: string, port: number) {
  const reachable = host === "0.0.0.0" ? "127.0.0.1" : host === "::" ? "::1" : host;
  return `http://${reachable.includes(":") ? `[${reachable}]` : reachable}:${port}`;
}

/** Reads the environment into the site's settings, or throws one error naming every wrong variable. */
export function loadConfig(environment: Record<string, string | undefined>) {
  const parsed = environmentSchema.safeParse(environment);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(environment[name] ?? "")}: ${issue.message}`;
    });
    throw new ConfigurationError(`Configuration error:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const databaseUrl = env.DATABASE_URL ?? null;
  if (databaseUrl && !env.SESSION_SECRET?.length) {
    throw new ConfigurationError(
      "Configuration error:\n  SESSION_SECRET: must be set with DATABASE_URL, the same on every instance",
    );
  }
  // No remote host is built in: a cinema that turns the TMDB import on names the image host too.
  if ((env.TMDB_API_KEY || env.TMDB_READ_ACCESS_TOKEN) && !env.TMDB_IMAGE_URL) {
    throw new ConfigurationError(
      "Configuration error:\n  TMDB_IMAGE_URL: must be set with TMDB_API_KEY or TMDB_READ_ACCESS_TOKEN (TMDB's image host)",
    );
  }
  const dataDir = env.DATA_DIR?.startsWith(MEMORY) ? MEMORY : path.resolve(env.DATA_DIR ?? ".data");
  const projectId = env.FIREBASE_PROJECT_ID ?? DEFAULT_PROJECT_ID;
  // No Firebase project configured: the site brings its own Auth emulator (npm start runs it).
  const embeddedIdentity = !(
    env.FIREBASE_API_KEY ||
    env.FIREBASE_AUTH_EMULATOR_HOST ||
    env.FIREBASE_SERVICE_ACCOUNT ||
    env.GOOGLE_APPLICATION_CREDENTIALS
  );
  const host = env.HOST ?? "127.0.0.1";
  const port = env.PORT ?? 3000;
  const siteUrl = env.SITE_URL ?? localSiteUrl(host, port);
  const payments = paymentSettings(env, siteUrl);
  return {
    host,
    port,
    trustProxy: env.TRUST_PROXY ?? false,
    dataDir,
    databaseUrl,
    // PGlite keeps its files in a folder of their own inside the data folder.
    databaseLocation: databaseUrl ?? (dataDir === MEMORY ? MEMORY : path.join(dataDir, "db")),
    databasePoolSize: env.DATABASE_POOL_SIZE ?? 10,
    memoryDatabaseDump: env.MEMORY_DATABASE_DUMP ?? null,
    siteHeapMegabytes: env.SITE_HEAP_MB ?? null,
    sampleData: env.SAMPLE_DATA ?? !databaseUrl,
    configuredSessionSecrets: env.SESSION_SECRET ?? null,
    secureCookies: env.SECURE_COOKIES ?? Boolean(databaseUrl),
    timeZone: env.CINEMA_TIMEZONE ?? "UTC",
    currency: env.CURRENCY ?? "USD",
    address: env.CINEMA_ADDRESS ?? "1 Marquee Lane, Springfield",
    identity: {
      embedded: embeddedIdentity,
      projectId,
      apiKey: env.FIREBASE_API_KEY ?? "demo-api-key",
      authDomain: env.FIREBASE_AUTH_DOMAIN ?? `${projectId}.firebaseapp.com`,
      serviceAccount: env.FIREBASE_SERVICE_ACCOUNT ?? null,
      emulatorHost: env.FIREBASE_AUTH_EMULATOR_HOST ?? null,
      adminEmails: (env.ADMIN_EMAILS ?? []).map((email) => email.toLowerCase()),
    },
    reports: {
      freshSeconds: env.REPORTS_FRESH_SECONDS ?? 60,
    },
    staff: {
      changesKeepDays: env.STAFF_CHANGES_KEEP_DAYS ?? 730,
      invitationDays: env.STAFF_INVITATION_DAYS ?? 7,
    },
    bookings: {
      holdMinutes: env.HOLD_MINUTES ?? 10,
      waitlistOfferMinutes: env.WAITLIST_OFFER_MINUTES ?? 30,
      maxUnpaidBookings: env.MAX_UNPAID_BOOKINGS ?? 3,
      strandedSeatRule: env.STRANDED_SEAT_RULE ?? true,
      cancelCutoffMinutes: env.CANCEL_CUTOFF_MINUTES ?? 120,
      companionReleaseMinutes: env.COMPANION_RELEASE_MINUTES ?? 60,
    },
    cleaningMinutes: env.CLEANING_MINUTES ?? 15,
    checkInOpensMinutes: env.CHECK_IN_OPENS_MINUTES ?? 120,
    testHooks: env.TEST_HOOKS ?? false,
    payments,
    mail: {
      siteUrl,
      smtpUrl: env.SMTP_URL ?? null,
      // Without SMTP the mails are files in the data folder; in memory (unit tests) they go nowhere of their own.
      folder: env.SMTP_URL || dataDir === MEMORY ? null : path.join(dataDir, "outbox"),
      from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
      reminderMinutes: env.REMINDER_MINUTES ?? 120,
    },
    maxTrailerBytes: (env.MAX_TRAILER_MB ?? 200) * 1024 * 1024,
    tmdb: {
      apiKey: env.TMDB_API_KEY ?? null,
      readAccessToken: env.TMDB_READ_ACCESS_TOKEN ?? null,
      region: env.TMDB_REGION ?? "GB",
      apiUrl: env.TMDB_API_URL ?? "https://api.themoviedb.org",
      imageUrl: env.TMDB_IMAGE_URL ?? "",
      timeoutMs: (env.TMDB_TIMEOUT_SECONDS ?? 10) * 1000,
    },
    authSyncUrl: env.AUTH_SYNC_URL ?? null,
    postLimits: env.POST_LIMITS ?? true,
    log: { json: env.NODE_ENV === "production", level: env.LOG_LEVEL ?? "info" },
    metricsToken: env.METRICS_TOKEN ?? null,
    wallet: walletSettings(env),
    embeddedEmulator: {
      host: env.AUTH_EMULATOR_HOST ?? "127.0.0.1",
      port: env.AUTH_EMULATOR_PORT ?? 0,
      hub: env.AUTH_EMULATOR_HUB ?? null,
      starting: env.AUTH_EMULATOR_STARTING ?? false,
      saveEverySeconds: env.AUTH_EMULATOR_SAVE_SECONDS ?? 60,
      staffEmail: (env.STAFF_EMAIL ?? "staff@marquee.example").toLowerCase(),
      staffPassword: env.STAFF_PASSWORD ?? null,
    },
  };
}

/** The payment gateway's settings; Stripe needs both its keys, and a live key only ever talks to an https:// site. */
function paymentSettings(env: z.infer<typeof environmentSchema>, siteUrl: string) {
  const provider = env.PAYMENT_PROVIDER ?? "test";
  const reconcileSeconds = env.CHECKOUT_RECONCILE_SECONDS ?? 60;
  const askAfterSeconds = env.CHECKOUT_ASK_AFTER_SECONDS ?? 60;
  if (provider !== "stripe") return { provider, reconcileSeconds, askAfterSeconds, stripe: null };
  const missing = (["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const).filter((name) => !env[name]);
  if (missing.length > 0)
    throw new ConfigurationError(
      `Configuration error:\n${missing.map((name) => `  ${name}: must be set with PAYMENT_PROVIDER=stripe`).join("\n")}`,
    );
  const secretKey = env.STRIPE_SECRET_KEY!;
  if (/^\w+_live_/.test(secretKey) && !siteUrl.startsWith("https://"))
    throw new ConfigurationError(
      "Configuration error:\n  STRIPE_SECRET_KEY: a live key needs SITE_URL to be an https:// address",
    );
  return {
    provider,
    reconcileSeconds,
    askAfterSeconds,
    stripe: { secretKey, webhookSecret: env.STRIPE_WEBHOOK_SECRET!, apiUrl: env.STRIPE_API_URL ?? null },
  };
}

const APPLE_WALLET_SETTINGS = [
  "APPLE_WALLET_PASS_TYPE_ID",
  "APPLE_WALLET_TEAM_ID",
  "APPLE_WALLET_CERTIFICATE",
  "APPLE_WALLET_KEY",
  "APPLE_WALLET_WWDR",
] as const;

/**
 * The wallets whose passes the cinema can sign and update (decision 73): each all set or not at all; the PEM files
 * read once.
 */
function walletSettings(env: z.infer<typeof environmentSchema>) {
  const set = APPLE_WALLET_SETTINGS.filter((name) => env[name]);
  if (set.length > 0 && set.length < APPLE_WALLET_SETTINGS.length)
    throw new ConfigurationError(
      `Configuration error:\n${APPLE_WALLET_SETTINGS.filter((name) => !env[name])
        .map((name) => `  ${name}: must be set with ${set[0]}`)
        .join("\n")}`,
    );
  const pem = (
    name: "APPLE_WALLET_CERTIFICATE" | "APPLE_WALLET_KEY" | "APPLE_WALLET_WWDR" | "APPLE_WALLET_APNS_CA",
  ) => {
    try {
      return fs.readFileSync(env[name]!, "utf8");
    } catch {
      throw new ConfigurationError(`Configuration error:\n  ${name}: cannot read the file ${env[name]}`);
    }
  };
  const apple =
    set.length === 0
      ? null
      : {
          passTypeIdentifier: env.APPLE_WALLET_PASS_TYPE_ID!,
          teamIdentifier: env.APPLE_WALLET_TEAM_ID!,
          signerCert: pem("APPLE_WALLET_CERTIFICATE"),
          signerKey: pem("APPLE_WALLET_KEY"),
          signerKeyPassphrase: env.APPLE_WALLET_KEY_PASSPHRASE,
          wwdr: pem("APPLE_WALLET_WWDR"),
          apnsHost: env.APPLE_WALLET_APNS_HOST ?? "api.push.apple.com",
          apnsCa: env.APPLE_WALLET_APNS_CA ? pem("APPLE_WALLET_APNS_CA") : null,
        };
  if (Boolean(env.GOOGLE_WALLET_ISSUER_ID) !== Boolean(env.GOOGLE_WALLET_SERVICE_ACCOUNT))
    throw new ConfigurationError(
      "Configuration error:\n  GOOGLE_WALLET_ISSUER_ID and GOOGLE_WALLET_SERVICE_ACCOUNT: set both or neither",
    );
  const google = env.GOOGLE_WALLET_ISSUER_ID
    ? {
        issuerId: env.GOOGLE_WALLET_ISSUER_ID,
        ...env.GOOGLE_WALLET_SERVICE_ACCOUNT!,
        tokenUrl: env.GOOGLE_WALLET_TOKEN_URL ?? "https://oauth2.googleapis.com/token",
        apiUrl: env.GOOGLE_WALLET_API_URL ?? "https://walletobjects.googleapis.com",
      }
    : null;
  return { apple, google };
}

export type Config = ReturnType<typeof loadConfig>;

/** The configuration of this process; a wrong variable stops it with the message alone (exit code 78, EX_CONFIG). */
function configFromEnvironment(): Config {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    console.error(error.message);
    process.exit(78);
  }
}

export const config: Config = configFromEnvironment();

let sessionSecrets: string[] | undefined;

/**
 * The secrets that sign cookies. Without SESSION_SECRET the embedded default makes one and keeps it in the
 * data folder, so sessions survive a restart; in memory (unit tests) each process has its own.
 */
export function getSessionSecrets(): string[] {
  if (sessionSecrets) return sessionSecrets;
  if (config.configuredSessionSecrets) return (sessionSecrets = config.configuredSessionSecrets);
  if (config.dataDir === MEMORY) return (sessionSecrets = [crypto.randomBytes(32).toString("hex")]);
  const file = path.join(config.dataDir, "session-secret");
  try {
    sessionSecrets = [fs.readFileSync(file, "utf8").trim()];
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
    sessionSecrets = [secret];
  }
  return sessionSecrets;
}

/**
 * firebase-admin finds an Auth emulator only through this variable, so the configured one is handed to it here,
 * before it is first used.
 */
export function pointFirebaseAdminAtEmulator(emulatorHost: string | null) {
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  else delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
}

/** The environment for a child process of ours: this one's, with `changes` on top. */
export function childEnvironment(changes: Record<string, string>) {
  return { ...process.env, ...changes };
}
