import { spawn, type ChildProcess } from "node:child_process";
import { childEnvironment, config } from "~/config.server";
import { useAuthEmulator } from "~/services/firebase-admin.server";
import { identityDir } from "~/services/identity-emulator.server";
import { logger } from "~/services/logger.server";
import { logTail, startAuthEmulator, type RunningEmulator } from "./auth-emulator";
import { hasExited, stopChild } from "./child-process";
import { lockDataFolder, makeDataFolderPrivate } from "./data-folder";
import { ensureStaffAccount } from "./staff-account";

// How long the site has to finish its requests and close its database when asked to stop.
const SITE_STOP_TIMEOUT_MS = 15_000;

/**
 * `npm start`: the site in a process of its own and, with no Firebase project configured, the Auth emulator
 * beside it. If either dies the other is stopped and this exits non-zero, so a supervisor (systemd, README)
 * restarts the whole. SIGTERM or SIGINT stop the site first (it finishes its requests), then save the accounts
 * and stop the emulator, and exit 0.
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
    if (site) await stopChild(site, SITE_STOP_TIMEOUT_MS);
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

  try {
    if (!withSite && !config.identity.embedded) {
      throw new Error("A Firebase project is configured: there is no embedded Auth emulator to run.");
    }
    makeDataFolderPrivate(config.dataDir);
    const siteEnvironment: Record<string, string> = {};
    if (config.identity.embedded) {
      const dir = identityDir();
      lockDataFolder(config.dataDir, "identity");
      emulator = await startAuthEmulator({
        dir,
        host: config.embeddedEmulator.host,
        port: config.embeddedEmulator.port,
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
      useAuthEmulator(emulator.host);
      await ensureStaffAccount(config.dataDir);
      await emulator.save();
      console.info(
        `Auth emulator on http://${emulator.host} (project ${config.identity.projectId}); accounts in ${dir}`,
      );
      siteEnvironment.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
      siteEnvironment.AUTH_EMULATOR_HUB = emulator.hub;
    }
    if (stopping) return;
    if (!withSite) return;
    const heapLimit = config.siteHeapMegabytes ? [`--max-old-space-size=${config.siteHeapMegabytes}`] : [];
    site = spawn(process.execPath, [...heapLimit, entry, "serve"], {
      stdio: "inherit",
      env: childEnvironment(siteEnvironment),
    });
    site.on("exit", exitedUnexpectedly("site process"));
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    await stop(1);
  }
}
