// Runs the Firebase Auth emulator (firebase-tools, pure Node) for the embedded default.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";

function freePort(host) {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, host, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

// The emulator answers HTTP before it has imported the saved accounts; this line comes after both.
const READY_LINE = "All emulators ready";

function waitUntilReady(child, timeoutMs = 90_000) {
  return new Promise((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`The Auth emulator did not start within ${timeoutMs / 1000} s`)),
      timeoutMs,
    );
    child.stdout.on("data", (chunk) => {
      output = (output + chunk).slice(-1000);
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The Auth emulator exited with code ${code}; see emulator.log in its folder`));
    });
  });
}

/**
 * Starts the emulator with accounts imported from `dir` and exported back on exit, so they survive a
 * restart; a periodic export keeps them too if the process is killed outright. Its helper ports (hub,
 * logging) are picked free so several copies can run side by side.
 * `onSpawn` gets the process at once, so the caller can stop it even if it never becomes ready.
 */
export async function startAuthEmulator({ dir, host, port, projectId, onSpawn }) {
  const exportDir = path.join(dir, "export");
  fs.mkdirSync(dir, { recursive: true });
  const hubPort = await freePort(host);
  const config = {
    emulators: {
      auth: { host, port: Number(port) },
      hub: { host, port: hubPort },
      logging: { host, port: await freePort(host) },
      ui: { enabled: false },
    },
  };
  const configFile = path.join(dir, "firebase.json");
  fs.writeFileSync(configFile, JSON.stringify(config, null, 2));
  const hasExport = fs.existsSync(path.join(exportDir, "firebase-export-metadata.json"));
  const args = [
    "emulators:start",
    "--only",
    "auth",
    "--project",
    projectId,
    "--config",
    configFile,
    "--export-on-exit",
    exportDir,
  ];
  if (hasExport) args.push("--import", exportDir);
  const child = spawn(process.execPath, [path.resolve("node_modules/firebase-tools/lib/bin/firebase.js"), ...args], {
    cwd: dir,
    // CI=true keeps firebase-tools from fetching its message of the day, which needs the internet.
    env: { ...process.env, CI: "true" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  onSpawn(child);
  const log = fs.createWriteStream(path.join(dir, "emulator.log"));
  child.stdout.pipe(log);
  await waitUntilReady(child);
  keepExporting(child, `http://${host}:${hubPort}`, exportDir);
}

const EXPORT_EVERY_MS = Number(process.env.AUTH_EXPORT_EVERY_MS ?? 60_000);

// The emulator saves accounts only when it stops cleanly; this saves them every minute as well.
function keepExporting(child, hubUrl, exportDir) {
  const timer = setInterval(() => {
    fetch(`${hubUrl}/_admin/export`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ path: exportDir, initiatedBy: "marquee-start" }),
    }).catch(() => {}); // a missed save is retried at the next tick
  }, EXPORT_EVERY_MS);
  timer.unref();
  child.once("exit", () => clearInterval(timer));
}
