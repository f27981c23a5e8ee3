// Finds a Chromium for the end-to-end tests, installing one if this machine has none.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { installDebianPackage } from "./lib/debian-package.mjs";

const CANDIDATES = [
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

async function find() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured && fs.existsSync(configured)) return configured;
  return CANDIDATES.find((p) => fs.existsSync(p)) ?? (await playwrightsOwn());
}

export async function ensureChromium() {
  let found = await find();
  if (found) return found;
  if (!installDebianPackage("chromium")) {
    console.log("No Chromium found: downloading Playwright's Chromium...");
    spawnSync("npx", ["playwright", "install", "chromium"], { stdio: "inherit" });
  }
  found = await find();
  if (!found) {
    throw new Error(
      "No Chromium for the end-to-end tests. Install one (Debian: apt-get install chromium) or set CHROMIUM_PATH.",
    );
  }
  return found;
}
