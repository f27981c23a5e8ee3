// `npm test`: lint, type check, build, unit tests (on PGlite, and on PostgreSQL where one can run), tests of the
// built server as a whole, the short form of `npm run prove`, then end-to-end tests in Chromium with JavaScript on
// and off.
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium.mjs";
import { startPostgres } from "./postgres.mjs";

const cleanups = [];
function finish(code) {
  for (const cleanup of cleanups.splice(0)) cleanup();
  process.exit(code);
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => finish(1));

function run(label, command, args, env = {}) {
  console.log(`\n== ${label}`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${label} failed`);
    finish(result.status ?? 1);
  }
}

const chromium = await ensureChromium();
const bin = (name) => `node_modules/.bin/${name}`;
run("lint", "npm", ["run", "--silent", "lint"]);
run("type check", bin("tsc"), []);
run("build", "npm", ["run", "--silent", "build"]);

const postgres = startPostgres();
if (postgres) cleanups.push(postgres.stop);
else console.log("\nPostgreSQL is not installed and cannot be installed here: its tests are skipped.");
run("unit tests", bin("vitest"), ["run", "--project", "unit"], postgres ? { TEST_DATABASE_URL: postgres.url } : {});
run("server tests", bin("vitest"), ["run", "--project", "server"], postgres ? { TEST_DATABASE_URL: postgres.url } : {});
// The short form of `npm run prove`: the premiere, crashes, a PostgreSQL restart, fuzzing and nginx, on both databases.
run("prove (short)", process.execPath, ["scripts/prove.mjs", "--no-build", "--short"]);
run("end-to-end tests", bin("playwright"), ["test", ...process.argv.slice(2)], { CHROMIUM_PATH: chromium });
finish(0);
