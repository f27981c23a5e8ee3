import { describe, expect, it } from "vitest";
import { loadConfig } from "~/config.server";

describe("configuration", () => {
  it("has working defaults with nothing set: the embedded default", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      host: "127.0.0.1",
      port: 3000,
      trustProxy: false,
      databaseUrl: null,
      sampleData: true,
      secureCookies: false,
      timeZone: "UTC",
      currency: "USD",
      testHooks: false,
    });
    expect(config.identity).toMatchObject({ embedded: true, projectId: "demo-marquee", emulatorHost: null });
    expect(config.bookings).toMatchObject({ holdMinutes: 10, waitlistOfferMinutes: 30 });
    expect(loadConfig({ WAITLIST_OFFER_MINUTES: "45" }).bookings.waitlistOfferMinutes).toBe(45);
  });

  it("loads no sample data into PostgreSQL unless asked", () => {
    const postgres = { DATABASE_URL: "postgres://cinema@db:5432/cinema", SESSION_SECRET: "s1,s2" };
    expect(loadConfig(postgres)).toMatchObject({
      sampleData: false,
      secureCookies: true,
      configuredSessionSecrets: ["s1", "s2"],
    });
    expect(loadConfig({ ...postgres, SAMPLE_DATA: "true" }).sampleData).toBe(true);
  });

  it.each([
    ["PORT", "abc", /PORT="abc": must be a whole number from 1 to 65535/],
    ["PORT", "70000", /PORT="70000": must be at most 65535/],
    ["WAITLIST_OFFER_MINUTES", "721", /WAITLIST_OFFER_MINUTES="721": must be at most 720/],
    ["CINEMA_TIMEZONE", "Mars/Base", /CINEMA_TIMEZONE="Mars\/Base": "Mars\/Base" is not an IANA time zone/],
    ["DATABASE_URL", "mysql://localhost/db", /DATABASE_URL="mysql:\/\/localhost\/db": must be a postgres:\/\/ URL/],
    ["DATABASE_POOL_SIZE", "0", /DATABASE_POOL_SIZE="0": must be at least 1/],
    ["TRUST_PROXY", "maybe", /TRUST_PROXY="maybe": must be true or false/],
    ["CURRENCY", "dollars", /CURRENCY="dollars": "DOLLARS" is not an ISO 4217 currency code/],
    ["CURRENCY", "ABC", /CURRENCY="ABC": "ABC" is not an ISO 4217 currency code/],
    ["CURRENCY", "XAU", /CURRENCY="XAU": "XAU" is not an ISO 4217 currency code/],
    ["SMTP_URL", "mail.example:25", /SMTP_URL="mail.example:25": must be an smtp:\/\/ or smtps:\/\/ URL/],
    ["SITE_URL", "tickets.example", /SITE_URL="tickets.example": must be an http:\/\/ or https:\/\/ address/],
    ["MAIL_FROM", "Marquee", /MAIL_FROM="Marquee": must be an address/],
    ["REMINDER_MINUTES", "0", /REMINDER_MINUTES="0": must be at least 1/],
    [
      "FIREBASE_SERVICE_ACCOUNT",
      "{not json",
      /FIREBASE_SERVICE_ACCOUNT="\{not json": must be the service account key's JSON/,
    ],
  ])("stops with a message naming %s when it is %s", (name, value, message) => {
    expect(() => loadConfig({ [name]: value, SESSION_SECRET: "s" })).toThrow(message);
  });

  it("writes mails to the data folder unless SMTP_URL names a server, with links to the site as it listens", () => {
    expect(loadConfig({ DATA_DIR: "/srv/marquee", PORT: "8080" }).mail).toEqual({
      siteUrl: "http://127.0.0.1:8080",
      smtpUrl: null,
      folder: "/srv/marquee/outbox",
      from: '"Marquee Cinemas" <no-reply@marquee.example>',
      reminderMinutes: 120,
    });
    const mail = loadConfig({ SMTP_URL: "smtps://u:p@mail.example", SITE_URL: "https://tickets.example/", HOST: "::" });
    expect(mail.mail).toMatchObject({
      siteUrl: "https://tickets.example",
      smtpUrl: "smtps://u:p@mail.example",
      folder: null,
    });
    expect(loadConfig({ HOST: "0.0.0.0" }).mail.siteUrl).toBe("http://127.0.0.1:3000");
    expect(loadConfig({ HOST: "::" }).mail.siteUrl).toBe("http://[::1]:3000");
  });

  it("takes any currency of ISO 4217, whatever its decimals", () => {
    expect(["jpy", "KWD", "EUR"].map((code) => loadConfig({ CURRENCY: code }).currency)).toEqual(["JPY", "KWD", "EUR"]);
  });

  it("names every wrong variable at once, and asks for SESSION_SECRET with PostgreSQL", () => {
    expect(() => loadConfig({ PORT: "abc", CINEMA_TIMEZONE: "Mars/Base" })).toThrow(/PORT=.*\n.*CINEMA_TIMEZONE=/);
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/cinema" })).toThrow(/SESSION_SECRET: must be set/);
  });

  it("turns the embedded emulator off as soon as a Firebase project is configured", () => {
    expect(loadConfig({ FIREBASE_API_KEY: "key", FIREBASE_PROJECT_ID: "cinema" }).identity).toMatchObject({
      embedded: false,
      authDomain: "cinema.firebaseapp.com",
    });
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: "127.0.0.1:9099" }).identity.emulatorHost).toBe("127.0.0.1:9099");
  });

  describe("payments", () => {
    const stripe = { PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_abc", STRIPE_WEBHOOK_SECRET: "whsec_abc" };

    it("runs the test gateway by default, and Stripe with both its keys", () => {
      expect(loadConfig({}).payments).toEqual({
        provider: "test",
        reconcileSeconds: 60,
        askAfterSeconds: 60,
        stripe: null,
      });
      expect(loadConfig({ CHECKOUT_ASK_AFTER_SECONDS: "5" }).payments.askAfterSeconds).toBe(5);
      expect(loadConfig(stripe).payments).toEqual({
        provider: "stripe",
        reconcileSeconds: 60,
        askAfterSeconds: 60,
        stripe: { secretKey: "sk_test_abc", webhookSecret: "whsec_abc", apiUrl: null },
      });
    });

    it("names no remote host for TMDB: a key needs the image host set beside it", () => {
      expect(loadConfig({}).tmdb.imageUrl).toBe("");
      expect(() => loadConfig({ TMDB_API_KEY: "k" })).toThrow(/TMDB_IMAGE_URL: must be set with TMDB_API_KEY/);
      expect(loadConfig({ TMDB_API_KEY: "k", TMDB_IMAGE_URL: "https://images.example" }).tmdb.imageUrl).toBe(
        "https://images.example",
      );
    });

    it("asks for each key Stripe needs, and refuses what is not one", () => {
      expect(() => loadConfig({ PAYMENT_PROVIDER: "stripe" })).toThrow(
        "Configuration error:\n  STRIPE_SECRET_KEY: must be set with PAYMENT_PROVIDER=stripe\n  STRIPE_WEBHOOK_SECRET: must be set with PAYMENT_PROVIDER=stripe",
      );
      expect(() => loadConfig({ ...stripe, STRIPE_SECRET_KEY: "pk_test_abc" })).toThrow(
        /STRIPE_SECRET_KEY="pk_test_abc"/,
      );
      expect(() => loadConfig({ ...stripe, STRIPE_WEBHOOK_SECRET: "secret" })).toThrow(
        /STRIPE_WEBHOOK_SECRET="secret"/,
      );
    });

    it("refuses to start with a live key and a plain-HTTP site address", () => {
      const live = { ...stripe, STRIPE_SECRET_KEY: "sk_live_abc" };
      expect(() => loadConfig(live)).toThrow("STRIPE_SECRET_KEY: a live key needs SITE_URL to be an https:// address");
      expect(() => loadConfig({ ...live, SITE_URL: "http://tickets.example" })).toThrow(/a live key needs SITE_URL/);
      expect(loadConfig({ ...live, SITE_URL: "https://tickets.example" }).payments.stripe?.secretKey).toBe(
        "sk_live_abc",
      );
    });
  });
});

describe("wallet passes (decision 73)", () => {
  it("offers no wallet until the cinema configures one, and reads the Apple files once", async () => {
    expect(loadConfig({}).wallet).toEqual({ apple: null, google: null });
    const fs = await import("node:fs");
    const os = await import("node:os");
    const path = await import("node:path");
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-"));
    const file = (name: string) => {
      fs.writeFileSync(path.join(folder, name), `-----BEGIN ${name}-----\n`);
      return path.join(folder, name);
    };
    const apple = {
      APPLE_WALLET_PASS_TYPE_ID: "pass.com.example.tickets",
      APPLE_WALLET_TEAM_ID: "TEAM123456",
      APPLE_WALLET_CERTIFICATE: file("CERTIFICATE"),
      APPLE_WALLET_KEY: file("KEY"),
      APPLE_WALLET_WWDR: file("WWDR"),
    };
    expect(loadConfig(apple).wallet.apple).toMatchObject({
      passTypeIdentifier: "pass.com.example.tickets",
      signerKey: "-----BEGIN KEY-----\n",
      apnsHost: "api.push.apple.com",
      apnsCa: null,
    });
    expect(
      loadConfig({ ...apple, APPLE_WALLET_APNS_HOST: "api.sandbox.push.apple.com", APPLE_WALLET_APNS_CA: file("CA") })
        .wallet.apple,
    ).toMatchObject({ apnsHost: "api.sandbox.push.apple.com", apnsCa: "-----BEGIN CA-----\n" });
    expect(() => loadConfig({ ...apple, APPLE_WALLET_APNS_HOST: "https://api.push.apple.com/" })).toThrow(
      /APPLE_WALLET_APNS_HOST.*must be a host or host:port/,
    );
    const key = JSON.stringify({ client_email: "wallet@example.iam.gserviceaccount.com", private_key: "PEM" });
    expect(loadConfig({ GOOGLE_WALLET_ISSUER_ID: "3388", GOOGLE_WALLET_SERVICE_ACCOUNT: key }).wallet.google).toEqual({
      issuerId: "3388",
      clientEmail: "wallet@example.iam.gserviceaccount.com",
      privateKey: "PEM",
      tokenUrl: "https://oauth2.googleapis.com/token",
      apiUrl: "https://walletobjects.googleapis.com",
    });
  });

  it("refuses to start with a wallet half configured, naming what is missing or unreadable", () => {
    expect(() => loadConfig({ APPLE_WALLET_PASS_TYPE_ID: "pass.com.example.tickets" })).toThrow(
      /APPLE_WALLET_TEAM_ID: must be set with APPLE_WALLET_PASS_TYPE_ID/,
    );
    expect(() =>
      loadConfig({
        APPLE_WALLET_PASS_TYPE_ID: "pass.com.example.tickets",
        APPLE_WALLET_TEAM_ID: "TEAM123456",
        APPLE_WALLET_CERTIFICATE: "/nowhere/cert.pem",
        APPLE_WALLET_KEY: "/nowhere/key.pem",
        APPLE_WALLET_WWDR: "/nowhere/wwdr.pem",
      }),
    ).toThrow("APPLE_WALLET_CERTIFICATE: cannot read the file /nowhere/cert.pem");
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: "3388" })).toThrow(/set both or neither/);
    expect(() => loadConfig({ GOOGLE_WALLET_ISSUER_ID: "3388", GOOGLE_WALLET_SERVICE_ACCOUNT: "{}" })).toThrow(
      /GOOGLE_WALLET_SERVICE_ACCOUNT/,
    );
  });
});
