import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { register, signIn, startSite, tempDataDir } from "../../scripts/lib/site.mjs";

// A production install as docs/operations.md describes it: build with everything (npm ci's prepare script runs the build
// this runs), drop the development dependencies, start the
// embedded default from the build. Everything the running site needs, the embedded Auth emulator included, must be
// a dependency.
const app = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-production-"));
const dataDir = tempDataDir();

afterAll(() => {
  for (const dir of [app, dataDir]) fs.rmSync(dir, { recursive: true, force: true });
});

it("builds, prunes the development dependencies and serves the embedded default", async () => {
  const files = execFileSync("git", ["ls-files", "-z"], { encoding: "utf8" }).split("\0").filter(Boolean);
  for (const file of files.filter((f) => fs.existsSync(f))) {
    fs.mkdirSync(path.join(app, path.dirname(file)), { recursive: true });
    fs.copyFileSync(file, path.join(app, file));
  }
  // Hard links make the copy cheap; npm rewrites its own lock file inside node_modules in place, so that file is
  // unlinked first and the installed one stays as it was.
  execFileSync("cp", ["-al", fs.realpathSync("node_modules"), path.join(app, "node_modules")]);
  fs.rmSync(path.join(app, "node_modules/.package-lock.json"), { force: true });
  const run = (command: string, args: string[]) =>
    execFileSync(command, args, { cwd: app, stdio: "pipe", env: { ...process.env, NODE_ENV: "production" } });
  run("npm", ["run", "--silent", "build"]);
  run("npm", ["prune", "--omit=dev", "--offline", "--no-audit", "--no-fund"]);
  expect(fs.existsSync(path.join(app, "node_modules/vitest"))).toBe(false);

  const site = await startSite({ cwd: app, dataDir });
  try {
    expect((await fetch(`${site.url}/movies/1029437`)).status).toBe(200);
    const account = await register(site, "production@example.com");
    expect(await signIn(site, account.email, account.password)).not.toBeNull();
    expect(fs.readFileSync(path.join(dataDir, "staff-password"), "utf8").trim()).not.toBe("");
  } finally {
    expect(await site.stop()).toBe(0);
  }
});
