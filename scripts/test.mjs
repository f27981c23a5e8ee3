// `npm test`: type check, build, unit tests, then end-to-end tests in Chromium with JavaScript on and off.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed`);
    process.exit(result.status ?? 1);
  }
}

const chromium = await ensureChromium();
const bin = (name) => `node_modules/.bin/${name}`;
run("type check", bin("tsc"), []);
run("build", bin("remix"), ["build"]);
run("unit tests", bin("vitest"), ["run"]);
run("end-to-end tests", bin("playwright"), ["test", ...process.argv.slice(2)], { CHROMIUM_PATH: chromium });
