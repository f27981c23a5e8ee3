import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { childEnvironment } from "~/config.server";
import { latestSave, saveEmulatorAccounts, saveOnExitDir } from "~/services/identity-emulator.server";
import { logger } from "~/services/logger.server";
import { stopChild } from "./child-process";

// The Firebase Auth emulator (firebase-tools, pure Node) as the embedded default's identity provider.

/**
 * `count` free ports, distinct and none of `taken`: they are held open together while chosen, since a port closed
 * and asked for again could be handed out twice.
 */
export async function freePorts(host: string, count: number, taken: number[] = []) {
  const servers: net.Server[] = [];
  const ports: number[] = [];
  while (ports.length < count) {
    const server = net.createServer();
    await new Promise<void>((resolve, reject) => server.once("error", reject).listen(0, host, resolve));
    servers.push(server);
    const { port } = server.address() as net.AddressInfo;
    if (!taken.includes(port)) ports.push(port);
  }
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
  return ports;
}

// The emulator answers HTTP before it has imported the saved accounts; this line comes after both.
const READY_LINE = "All emulators ready";
const START_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 8_000;

function waitUntilReady(child: ChildProcess, logFile: string) {
  return new Promise<void>((resolve, reject) => {
    let output = "";
    const timer = setTimeout(
      () => reject(new Error(`The Auth emulator did not start within ${START_TIMEOUT_MS / 1000} s; see ${logFile}`)),
      START_TIMEOUT_MS,
    );
    child.stdout!.on("data", (chunk) => {
      output = (output + chunk).slice(-1000);
      if (output.includes(READY_LINE)) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`The Auth emulator exited with code ${code}:\n${logTail(logFile)}`));
    });
  });
}

/** The last lines the emulator wrote, to say why it stopped. */
export function logTail(logFile: string, lines = 15) {
  const text = fs.existsSync(logFile) ? fs.readFileSync(logFile, "utf8") : "";
  return text.trimEnd().split("\n").slice(-lines).join("\n");
}

export type RunningEmulator = {
  /** host:port of its Auth endpoints. */
  host: string;
  logFile: string;
  /** host:port of its hub, through which its accounts are saved. */
  hub: string;
  process: ChildProcess;
  save(): Promise<void>;
  /** Ends the periodic saves, when a stop begins (a Ctrl-C may already be stopping the emulator). */
  stopSaving(): void;
  stop(): Promise<void>;
};

/** Where a running copy's emulator can be found by the commands (grant-admin) while the site runs. */
export const emulatorStateFile = (dir: string) => path.join(dir, "emulator.json");

// Free ports are chosen from the range the system also gives outgoing connections, so one may be taken between
// choosing it and the emulator binding it: a start that fails so is tried again on other ports.
const START_ATTEMPTS = 3;

export type EmulatorPorts = { port: number; hubPort: number; loggingPort: number };

/** Ports for the emulator: `port` if one is configured (not 0), and free ones for the rest. */
export async function chooseEmulatorPorts(host: string, port: number): Promise<EmulatorPorts> {
  const [hubPort, loggingPort, freeAuthPort] = await freePorts(host, 3, port ? [port] : []);
  return { port: port || freeAuthPort, hubPort, loggingPort };
}

async function spawnOnPorts(options: {
  dir: string;
  host: string;
  port: number;
  ports: EmulatorPorts;
  projectId: string;
  tmpDir: string;
  logFile: string;
  onSpawn: (child: ChildProcess) => void;
}) {
  const { dir, host, projectId, tmpDir, logFile } = options;
  let ports = options.ports;
  for (let attempt = 1; ; attempt++) {
    const emulatorConfig = {
      emulators: {
        auth: { host, port: ports.port },
        hub: { host, port: ports.hubPort },
        logging: { host, port: ports.loggingPort },
        ui: { enabled: false },
      },
    };
    const configFile = path.join(dir, "firebase.json");
    fs.writeFileSync(configFile, JSON.stringify(emulatorConfig, null, 2));
    const args = ["emulators:start", "--only", "auth", "--project", projectId, "--config", configFile];
    args.push("--export-on-exit", saveOnExitDir(dir));
    const saved = await latestSave(dir);
    if (saved) args.push("--import", saved);
    const child = spawn(process.execPath, [path.resolve("node_modules/firebase-tools/lib/bin/firebase.js"), ...args], {
      cwd: dir,
      // CI=true keeps firebase-tools from fetching its message of the day, which needs the internet.
      env: childEnvironment({ CI: "true", TMPDIR: tmpDir }),
      stdio: ["ignore", "pipe", "inherit"],
    });
    options.onSpawn(child);
    child.stdout!.pipe(fs.createWriteStream(logFile));
    try {
      await waitUntilReady(child, logFile);
      return { child, ports };
    } catch (error) {
      if (attempt >= START_ATTEMPTS || !/port taken/i.test(logTail(logFile))) throw error;
      logger.warn("A port chosen for the Auth emulator was taken meanwhile; trying other ports.");
      ports = await chooseEmulatorPorts(host, options.port);
    }
  }
}

/**
 * Starts the emulator on the accounts last saved in `dir`, on `ports` (chooseEmulatorPorts) unless one was taken
 * meanwhile: then on others, which the answer's `host` and `hub` name. `port` is the configured one (0: any). Its
 * temporary folder (where firebase-tools keeps the file by which it finds its hub, named only by project id) is its
 * own, so copies of the site on one machine never reach each other's emulator. `onSpawn` gets each process it spawns
 * at once, so the caller can stop it even if it never becomes ready.
 */
export async function startAuthEmulator(options: {
  dir: string;
  host: string;
  port: number;
  ports: EmulatorPorts;
  projectId: string;
  saveEverySeconds: number;
  onSpawn: (child: ChildProcess) => void;
}): Promise<RunningEmulator> {
  const { dir, host } = options;
  const tmpDir = path.join(dir, "tmp");
  fs.rmSync(tmpDir, { recursive: true, force: true });
  fs.mkdirSync(tmpDir, { recursive: true, mode: 0o700 });
  // A save interrupted by a kill leaves the emulator's working folder behind.
  for (const name of fs.readdirSync(dir)) {
    if (name.startsWith("firebase-export-")) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  }
  const logFile = path.join(dir, "emulator.log");
  const { child, ports } = await spawnOnPorts({ ...options, tmpDir, logFile });
  const { port, hubPort } = ports;

  const emulator: RunningEmulator = {
    host: `${host}:${port}`,
    logFile,
    hub: `${host}:${hubPort}`,
    process: child,
    save: () => saveEmulatorAccounts(`${host}:${hubPort}`, dir),
    stopSaving: () => clearInterval(timer),
    async stop() {
      clearInterval(timer);
      fs.rmSync(emulatorStateFile(dir), { force: true });
      await stopChild(child, STOP_TIMEOUT_MS);
    },
  };
  fs.writeFileSync(emulatorStateFile(dir), JSON.stringify({ host: emulator.host, hub: emulator.hub }));
  // Every change the site makes is saved at once; this catches the ones made in the emulator's own pages.
  const timer = setInterval(() => {
    emulator.save().catch((error) => logger.error({ err: error }, "Saving the emulator's accounts failed"));
  }, options.saveEverySeconds * 1000);
  timer.unref();
  return emulator;
}
