// Finds a Chromium for the end-to-end tests, installing one if this machine has none. Debian's headless shell comes
// first: the same Chromium without the browser's own interface, it ran the end-to-end tests in half the CPU time of
// the full browser in headless mode (decision 39).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { installDebianPackage } from "./lib/debian-package.mjs";

const CANDIDATES = [
  "/usr/bin/chromium-headless-shell",
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
];

async function playwrightsOwn() {
  try {
    const { chromium } = await import("@playwright/test");
    const bundled = chromium.executablePath();
    return fs.existsSync(bundled) ? bundled : null;
  } catch {
    return null;
  }
}

/** The Chromium `CHROMIUM_PATH` names, else the first of this machine's, or undefined. */
export function installedChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && fs.existsSync(configured)) return configured;
  return CANDIDATES.find((p) => fs.existsSync(p));
}

async function find() {
  return installedChromium() ?? (await playwrightsOwn());
}

export async function ensureChromium() {
  let found = await find();
  if (found) return found;
  if (!installDebianPackage("chromium-headless-shell")) {
    console.log("No Chromium found: downloading Playwright's Chromium...");
    spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  }
  found = await find();
  if (!found) {
    throw new Error(
      "No Chromium for the end-to-end tests. Install one (Debian: apt-get install chromium-headless-shell) or set CHROMIUM_PATH.",
    );
  }
  return found;
}
