// `npm test`: lint, type check and build; the unit tests on Node 24 (on PGlite, and on PostgreSQL where one can run)
// beside the tests of the built server as a whole (on one shared Auth emulator: decision 39); the tests of the embedded default
// (as `npm start` runs it, with its own emulator) beside the short form of `npm run prove`; then end-to-end tests in
// Chromium with JavaScript on and off. Steps side by side are those that leave a core idle (decision 40).
// `npm run test:quick` (--quick): lint, type check and the unit tests on PGlite, the everyday loop (decision 37).
// Each step's time is said as it ends.
import { spawn, spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";
import { startPostgres } from "./postgres.mjs";

const cleanups = [];
function finish(code) {
  for (const cleanup of cleanups.splice(0)) cleanup();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => finish(1));

const started = Date.now();
const seconds = (since) => `${Math.round((Date.now() - since) / 1000)} s`;
function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const stepStarted = Date.now();
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed after ${seconds(stepStarted)}`);
    finish(result.status ?? 1);
  }
  console.log(`== ${label}: ${seconds(stepStarted)} (${seconds(started)} in all)`);
}

/** Steps at once, as two cores allow; each one's output is shown when it ends, so they do not interleave. */
async function runTogether(steps) {
  console.log(`\n== ${steps.map((step) => step.label).join(" and ")}, side by side`);
  const stepStarted = Date.now();
  const results = await Promise.all(
    steps.map(
      ({ label, command, args, env = {} }) =>
        new Promise((resolve) => {
          const child = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...env } });
          let output = "";
          child.stdout.on("data", (chunk) => (output += chunk));
          child.stderr.on("data", (chunk) => (output += chunk));
          child.on("close", (code) => resolve({ label, code, output, time: seconds(stepStarted) }));
        }),
    ),
  );
  for (const { label, code, output, time } of results) {
    process.stdout.write(output);
    console.log(`== ${label}: ${code === 0 ? "passed" : "failed"} after ${time}`);
  }
  if (results.some(({ code }) => code !== 0)) finish(1);
  console.log(`== (${seconds(started)} in all)`);
}

// The unit tests of the whole suite run on the newest Node line package.json claims, through the registry's `node`
// package (npx gives its binary first on the PATH); the built site runs on the machine's Node (decision 61).
const NEWEST_NODE = "24";
function onNewestNode(command, args) {
  if (process.versions.node.split(".")[0] === NEWEST_NODE) return { command, args };
  return { command: "npx", args: ["--yes", "-p", `node@${NEWEST_NODE}`, "node", command, ...args] };
}

const quick = process.argv.includes("--quick");
console.log(`${quick ? "npm run test:quick" : "npm test"} on Node ${process.version}`);
const bin = (name) => `node_modules/.bin/${name}`;
const chromium = quick ? null : await ensureChromium();
// Three programs of one thread each: the build does not wait for the checks.
await runTogether([
  { label: "lint", command: "npm", args: ["run", "--silent", "lint"] },
  { label: "type check", command: bin("tsc"), args: [] },
  ...(quick ? [] : [{ label: "build", command: "npm", args: ["run", "--silent", "build"] }]),
]);
if (quick) {
  run("unit tests on PGlite", bin("vitest"), ["run", "--project", "unit"], { TEST_DATABASE_URL: "" });
  finish(0);
}

const postgres = startPostgres();
if (postgres) cleanups.push(postgres.stop);
else console.log("\nPostgreSQL is not installed and cannot be installed here: its tests are skipped.");
const onPostgres = postgres ? { TEST_DATABASE_URL: postgres.url } : {};
// The server tests keep little more than one core busy (their sites start and restart one at a time), so the unit
// tests run beside them in one worker of their own, leaving the sites the other core for the timings they assert.
await runTogether([
  {
    label: `unit tests on Node ${NEWEST_NODE}`,
    ...onNewestNode(bin("vitest"), ["run", "--project", "unit"]),
    env: { ...onPostgres, UNIT_TEST_WORKERS: "1" },
  },
  { label: "server tests", command: bin("vitest"), args: ["run", "--project", "server"], env: onPostgres },
]);
// The short form of `npm run prove`, the parts no other test covers (decision 37): crashes, a backup during a crowd,
// a PostgreSQL restart, fuzzing and nginx. The premiere's correctness is tests/server/race.test.ts's; its speed is `npm run prove`'s. It
// keeps a third of the two cores busy, waiting on restarts, so it runs beside the embedded default's tests, which
// are mostly starts of the Auth emulator; neither asserts a timing (decision 40).
await runTogether([
  { label: "tests of the embedded default", command: bin("vitest"), args: ["run", "--project", "embedded-default"] },
  {
    label: "prove (short)",
    command: process.execPath,
    args: ["scripts/prove.mjs", "--no-build", "--short", "--only=crash,backup,postgres-restart,fuzz,nginx"],
  },
]);
run("end-to-end tests", bin("playwright"), ["test", ...process.argv.slice(2)], { CHROMIUM_PATH: chromium });
finish(0);
