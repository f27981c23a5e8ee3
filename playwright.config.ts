import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { installedChromium } from "./scripts/chromium.mjs";

// The config is evaluated again in every worker; the environment carries the first choice to them. The port is below
// Linux's range for outgoing connections (32768 up), so none of them can be given it before the site listens.
process.env.E2E_PORT ??= String(20000 + Math.floor(Math.random() * 12000));
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), "cinema-e2e-"));
const port = Number(process.env.E2E_PORT);
const baseURL = `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: "tests/e2e",
  timeout: 30_000,
  expect: { timeout: 7_000 },
  workers: 2,
  retries: 0,
  reporter: process.env.CI ? "line" : "list",
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    launchOptions: {
      executablePath: installedChromium(),
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
    trace: "off",
  },
  projects: [
    // A test that only displays pages (tagged @display) runs without JavaScript alone; with it on, the accessibility
    // crawl checks each page hydrates, logs no error and answers a click (decision 76).
    { name: "js", use: { javaScriptEnabled: true }, grepInvert: /@display/ },
    { name: "no-js", use: { javaScriptEnabled: false } },
  ],
  webServer: {
    command: "node build/index.js start",
    // Health answers 200 once the embedded emulator is ready too; the home page answers before (decision 41).
    url: `${baseURL}/healthz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 10_000 },
    env: {
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      CINEMA_TIMEZONE: "UTC",
      // Unpaid holds last a minute, so the checkout's last-minute warning shows at once.
      HOLD_MINUTES: "1",
      // The job that ends stale checkouts at the gateway runs only at start: a test that leaves a checkout open on
      // purpose (a second tab's, one paid after its hold ended) decides when it is paid, not a timer.
      CHECKOUT_RECONCILE_SECONDS: "3600",
      // Reports read anew for each page, so a test sees the sale it just made (decision 78).
      REPORTS_FRESH_SECONDS: "0",
      // Tests end a hold now instead of waiting for its deadline (decision 37).
      TEST_HOOKS: "true",
      // Paid bookings can be cancelled until 10 days before the show, so tests have sample shows on both sides.
      CANCEL_CUTOFF_MINUTES: "14400",
      // The test server's own Auth emulator, on a free port (tests/e2e/identity.ts reads which).
      AUTH_EMULATOR_PORT: "0",
      // The embedded emulator, whatever Firebase settings the shell running the tests may have.
      FIREBASE_API_KEY: "",
      FIREBASE_AUTH_EMULATOR_HOST: "",
      FIREBASE_SERVICE_ACCOUNT: "",
      GOOGLE_APPLICATION_CREDENTIALS: "",
      FIREBASE_PROJECT_ID: "demo-marquee",
      ADMIN_EMAILS: "",
      // Each test names its own client address (tests/e2e/fixtures.ts), as clients behind a proxy are named.
      TRUST_PROXY: "true",
    },
  },
});
