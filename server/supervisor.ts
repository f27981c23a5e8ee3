import { spawn, type ChildProcess } from "node:child_process";
import { childEnvironment, config } from "~/config.server";
import { useAuthEmulator } from "~/services/firebase-admin.server";
import { identityDir } from "~/services/identity-emulator.server";
import { logger } from "~/services/logger.server";
import { IDENTITY_READY_MESSAGE, IDENTITY_WAITING_MESSAGE } from "~/services/identity-readiness.server";
import { chooseEmulatorPorts, logTail, startAuthEmulator, type RunningEmulator } from "./auth-emulator";
import { hasExited, stopChild } from "./child-process";
import { lockDataFolder, makeDataFolderPrivate } from "./data-folder";
import { ensureStaffAccount } from "./staff-account";

// How long the site has to finish its requests and close its database when asked to stop.
const SITE_STOP_TIMEOUT_MS = 15_000;

/**
 * `npm start`: the site in a process of its own and, with no Firebase project configured, the Auth emulator
 * beside it. If either dies the other is stopped and this exits non-zero, so a supervisor (systemd, README)
 * restarts the whole. SIGTERM or SIGINT stop the site first (it finishes its requests), then save the accounts
 * and stop the emulator, and exit 0 (1 if the site had to cut requests off).
 *
 * With `withSite` false (`node build/index.js auth-emulator`) only the emulator runs, with its staff account: copies
 * of the site told of it by FIREBASE_AUTH_EMULATOR_HOST share it, as the server tests' sites do.
 */
export async function superviseSite(entry: string, { withSite = true } = {}) {
  let site: ChildProcess | null = null;
  let emulator: RunningEmulator | null = null;
  let emulatorProcess: ChildProcess | null = null;
  let stopping = false;

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    process.exitCode = exitCode;
    emulator?.stopSaving();
    if (site) {
      await stopChild(site, SITE_STOP_TIMEOUT_MS);
      // A site that had to cut requests off (or was killed) says so in its exit code, and so does the whole.
      if (site.exitCode !== 0) process.exitCode = 1;
    }
    if (emulator && !hasExited(emulator.process)) {
      // A Ctrl-C reaches the emulator too, and it saves by itself as it stops; this save is for a plain SIGTERM.
      await emulator.save().catch(() => {});
      await emulator.stop();
    } else if (emulatorProcess) {
      await stopChild(emulatorProcess, 5_000);
    }
    process.exit();
  };
  const exitedUnexpectedly = (name: string, logFile?: string) => (code: number | null, signal: string | null) => {
    if (stopping) return;
    logger.error(`The ${name} stopped unexpectedly (${signal ?? `exit code ${code}`}); stopping the site.`);
    // The emulator's own last words, as it wrote them.
    if (logFile) console.error(logTail(logFile));
    void stop(1);
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => void stop(0));

  let identityReady = false;
  const tellSiteIfIdentityReady = () => {
    // A site that has died meanwhile is reported by its exit; the message it missed does not matter.
    if (identityReady && site?.connected) site.send(IDENTITY_READY_MESSAGE, () => {});
  };
  const startSite = (environment: Record<string, string>) => {
    const heapLimit = config.siteHeapMegabytes ? [`--max-old-space-size=${config.siteHeapMegabytes}`] : [];
    const child = spawn(process.execPath, [...heapLimit, entry, "serve"], {
      stdio: ["inherit", "inherit", "inherit", "ipc"],
      env: childEnvironment(environment),
    });
    child.on("exit", exitedUnexpectedly("site process"));
    child.on("message", (message) => {
      if (message === IDENTITY_WAITING_MESSAGE) tellSiteIfIdentityReady();
    });
    site = child;
  };

  try {
    if (!withSite && !config.identity.embedded) {
      throw new Error("A Firebase project is configured: there is no embedded Auth emulator to run.");
    }
    makeDataFolderPrivate(config.dataDir);
    if (!config.identity.embedded) {
      startSite({});
      return;
    }
    const dir = identityDir();
    lockDataFolder(config.dataDir, "identity");
    const { host, port: configuredPort } = config.embeddedEmulator;
    const ports = await chooseEmulatorPorts(host, configuredPort);
    const siteEnvironment = (emulatorHost: string, hub: string) => ({
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      AUTH_EMULATOR_HUB: hub,
      AUTH_EMULATOR_STARTING: "true",
    });
    // The site opens at once, beside the emulator's start of about 20 s, and asks it nothing until told it is ready
    // (decision 41).
    if (withSite) startSite(siteEnvironment(`${host}:${ports.port}`, `${host}:${ports.hubPort}`));
    emulator = await startAuthEmulator({
      dir,
      host,
      port: configuredPort,
      ports,
      projectId: config.identity.projectId,
      saveEverySeconds: config.embeddedEmulator.saveEverySeconds,
      onSpawn(child) {
        emulatorProcess = child;
      },
    });
    // Watched from now on (startAuthEmulator returns in the turn the emulator reported ready): a start that fails
    // is reported by startAuthEmulator, or tried again on other ports.
    emulator.process.on("exit", exitedUnexpectedly("Auth emulator", emulator.logFile));
    if (stopping) return;
    if (site && emulator.host !== `${host}:${ports.port}`) {
      // A port chosen was taken meanwhile, so the emulator is elsewhere: the site starts again, told where.
      const previous: ChildProcess = site;
      previous.removeAllListeners("exit");
      await stopChild(previous, SITE_STOP_TIMEOUT_MS);
      if (stopping) return;
      startSite(siteEnvironment(emulator.host, emulator.hub));
    }
    useAuthEmulator(emulator.host);
    await ensureStaffAccount(config.dataDir);
    await emulator.save();
    console.info(`Auth emulator on http://${emulator.host} (project ${config.identity.projectId}); accounts in ${dir}`);
    identityReady = true;
    tellSiteIfIdentityReady();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}
