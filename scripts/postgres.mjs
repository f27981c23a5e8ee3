// A throwaway PostgreSQL cluster for the tests, so the same SQL is checked on PostgreSQL as on PGlite.
import { execFile, execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { installDebianPackage } from "./lib/debian-package.mjs";

function binDir() {
  const root = "/usr/lib/postgresql";
  const versions = fs.existsSync(root) ? fs.readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((v) => path.join(root, v, "bin")).find((dir) => fs.existsSync(path.join(dir, "initdb")));
  if (found) return found;
  const pgConfig = spawnSync("pg_config", ["--bindir"], { encoding: "utf8" });
  return pgConfig.status === 0 && fs.existsSync(path.join(pgConfig.stdout.trim(), "initdb"))
    ? pgConfig.stdout.trim()
    : null;
}

// Below Linux's range for outgoing connections (32768 up): none of them can be given the port before the cluster
// listens, or while a restart has it closed (a premiere leaves thousands of them behind). Below the end-to-end
// site's range too (playwright.config.ts), since that site starts while the cluster runs.
const randomPort = () => 10000 + Math.floor(Math.random() * 10000);
const PORT_TAKEN = /could not create listen socket|could not bind/i;

/**
 * Starts a cluster on a free port; returns its URL and a stop function, or null when PostgreSQL is missing. A port
 * that another process holds (a site, another cluster) is given up for another, up to three times.
 */
export function startPostgres({ choosePort = randomPort } = {}) {
  const bin = binDir() ?? (installDebianPackage("postgresql") ? binDir() : null);
  if (!bin) return null;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cinema-pg-"));
  // PostgreSQL refuses to run as root; run it as the postgres account the package creates.
  const asUser = process.getuid?.() === 0 ? ["runuser", "-u", "postgres", "--"] : [];
  if (asUser.length) execFileSync("chown", ["postgres", dir]);
  const run = (tool, args) => {
    const [cmd, ...rest] = [...asUser, path.join(bin, tool), ...args];
    return spawnSync(cmd, rest, { stdio: "pipe", encoding: "utf8" });
  };
  const mustRun = (tool, args) => {
    const result = run(tool, args);
    if (result.status !== 0) throw new Error(`${tool} failed: ${result.stderr || result.stdout}`);
  };
  mustRun("initdb", ["-D", path.join(dir, "data"), "-U", "cinema", "--auth=trust", "-E", "UTF8"]);
  // Without blocking: a restart happens while the caller's load keeps running.
  const runAsync = (tool, args) =>
    new Promise((resolve, reject) => {
      const [cmd, ...rest] = [...asUser, path.join(bin, tool), ...args];
      execFile(cmd, rest, (error, stdout, stderr) =>
        error ? reject(new Error(`${tool} failed: ${stderr || stdout}`)) : resolve(undefined),
      );
    });
  const log = path.join(dir, "log");
  const startArgs = (port) => [
    "-D",
    path.join(dir, "data"),
    "-w",
    "-l",
    log,
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ];
  const logSize = () => (fs.existsSync(log) ? fs.statSync(log).size : 0);
  let port = choosePort();
  for (let attempt = 1; ; attempt++) {
    const logStart = logSize();
    const result = run("pg_ctl", startArgs(port));
    if (result.status === 0) break;
    // What this attempt wrote: the log keeps the earlier attempts' lines too.
    const said = logSize() > logStart ? fs.readFileSync(log).subarray(logStart).toString("utf8") : "";
    if (attempt === 3 || !PORT_TAKEN.test(said)) {
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`pg_ctl failed: ${result.stderr || result.stdout}\n${said}`);
    }
    port = choosePort();
  }
  return {
    url: `postgres://cinema@127.0.0.1:${port}/postgres`,
    /** Stops the server (fast: open connections are cut) and starts it again after `downMs`, as a restart would. */
    async restart(downMs = 0) {
      await runAsync("pg_ctl", ["-D", path.join(dir, "data"), "-m", "fast", "-w", "stop"]);
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await runAsync("pg_ctl", startArgs(port));
    },
    stop() {
      run("pg_ctl", ["-D", path.join(dir, "data"), "-m", "fast", "-w", "stop"]);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
