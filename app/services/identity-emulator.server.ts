import fs from "node:fs/promises";
import path from "node:path";
import { config } from "~/config.server";
import { logger } from "./logger.server";

// The embedded Auth emulator keeps accounts in memory; they are saved to the data folder through its hub's
// export. Each save goes to a new folder and older ones are removed only after it is complete, so a process
// killed in the middle of a save still leaves the previous one whole. The emulator also saves by itself when a
// signal stops it (Ctrl-C reaches it as well as npm start).

const SAVE_REQUEST_TIMEOUT_MS = 30_000;
const SAVES_KEPT = 2;
// A save folder without its metadata file after this long belongs to a save that was killed.
const ABANDONED_AFTER_MS = 10 * 60 * 1000;
const METADATA_FILE = "firebase-export-metadata.json";

export const identityDir = (dataDir = config.dataDir) => path.join(dataDir, "identity");
const savesDir = (dir: string) => path.join(dir, "saves");

/** When a save was completed (its metadata is written last), or null for a save cut short. */
async function completedAt(saveDir: string) {
  return fs.stat(path.join(saveDir, METADATA_FILE)).then(
    (stat) => stat.mtimeMs,
    () => null,
  );
}

async function listSaves(dir: string) {
  const names = await fs.readdir(savesDir(dir)).catch(() => [] as string[]);
  const saves = await Promise.all(
    names.map(async (name) => ({
      dir: path.join(savesDir(dir), name),
      completedAt: await completedAt(path.join(savesDir(dir), name)),
    })),
  );
  return saves;
}

/**
 * The newest complete save of the accounts, to start the emulator from; null before the first one. Saves are
 * ordered by when they completed, since the emulator's own save at exit always goes to the same folder.
 */
export async function latestSave(dir = identityDir()) {
  const complete = (await listSaves(dir)).filter((save) => save.completedAt !== null);
  complete.sort((a, b) => a.completedAt! - b.completedAt!);
  return complete.at(-1)?.dir ?? null;
}

/** The folder the emulator saves its accounts to itself when it is stopped. */
export const saveOnExitDir = (dir: string) => path.join(savesDir(dir), "on-exit");

async function removeOldSaves(dir: string, newest: string) {
  const saves = await listSaves(dir);
  const newestAt = saves.find((save) => save.dir === newest)?.completedAt ?? Date.now();
  const older = saves.filter((save) => save.dir !== newest && save.dir !== saveOnExitDir(dir));
  const complete = older.filter((save) => save.completedAt !== null && save.completedAt <= newestAt);
  complete.sort((a, b) => a.completedAt! - b.completedAt!);
  for (const save of complete.slice(0, Math.max(0, complete.length - (SAVES_KEPT - 1)))) {
    await fs.rm(save.dir, { recursive: true, force: true });
  }
  for (const save of older.filter((save) => save.completedAt === null)) {
    const { mtimeMs } = await fs.stat(save.dir).catch(() => ({ mtimeMs: Date.now() }));
    if (Date.now() - mtimeMs > ABANDONED_AFTER_MS) await fs.rm(save.dir, { recursive: true, force: true });
  }
}

let sequence = 0;

async function saveOnce(hub: string, dir: string) {
  const stamp = String(Date.now()).padStart(15, "0");
  const target = path.join(savesDir(dir), `${stamp}-${process.pid}-${++sequence}`);
  await exportAccounts(hub, target);
  await removeOldSaves(dir, target);
}

/** Has the running emulator behind `hub` write all its accounts into `target`, a folder it may not share. */
export async function exportAccounts(hub: string, target: string) {
  // The hub replaces its target folder, so it must exist; a fresh one each time.
  await fs.mkdir(target, { recursive: true, mode: 0o700 });
  const response = await fetch(`http://${hub}/_admin/export`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ path: target, initiatedBy: "marquee" }),
    signal: AbortSignal.timeout(SAVE_REQUEST_TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`the emulator hub answered ${response.status} to a save`);
}

let running: Promise<void> | null = null;
let queued: Promise<void> | null = null;

/**
 * Saves the emulator's accounts now. Callers that arrive while a save runs share the next one, which starts
 * after it: each caller's changes are in the save it waits for, and saves never overlap.
 */
export function saveEmulatorAccounts(hub: string, dir = identityDir()): Promise<void> {
  if (!running) {
    running = saveOnce(hub, dir).finally(() => (running = null));
    return running;
  }
  queued ??= running
    .catch(() => {})
    .then(() => {
      queued = null;
      return saveEmulatorAccounts(hub, dir);
    });
  return queued;
}

/** For the site: saves the embedded emulator's accounts after a change, when the site runs one. */
export async function saveAccountsAfterChange() {
  const { hub } = config.embeddedEmulator;
  if (!hub) return;
  await saveEmulatorAccounts(hub).catch((error) =>
    logger.error({ err: error }, "Saving the embedded emulator's accounts failed (the next periodic save retries)"),
  );
}
