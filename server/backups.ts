// `npm run backup` and `npm run restore`: a copy of the embedded default (its PGlite database, the Auth emulator's
// accounts and the secrets made for the data folder), taken while the site runs and brought back into a stopped one
// (decision 62). PostgreSQL is backed up with its own tools (docs/operations.md).
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { config } from "~/config.server";
import { openDatabase, unpackDataFolderCopy, type Database } from "~/services/db.server";
import { exportAccounts, identityDir, latestSave } from "~/services/identity-emulator.server";
import { logger } from "~/services/logger.server";
import { emulatorStateFile } from "./auth-emulator";
import { dataFolderHolder, lockDataFolder, makeDataFolderPrivate } from "./data-folder";

// Made for the data folder on first start (app/config.server.ts, server/staff-account.ts): without the session
// secret every cookie signed before is refused, and the staff password is only written there.
const SECRET_FILES = ["session-secret", "staff-password"];
const DATABASE_FILE = "database.tar";
const ACCOUNTS_FOLDER = "accounts";
// Written last: a folder without it is not a whole backup.
const MANIFEST_FILE = "backup.json";
const BACKUP_FORMAT = 1;
const COPY_TIMEOUT_MS = 120_000;

/** The socket in the data folder through which the running site hands `npm run backup` a copy of its database. */
export const backupSocket = (dataDir: string) => path.join(dataDir, "backup.sock");

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

/**
 * For the running site: answers each connection to the backup socket with a copy of the database, as a line
 * `copy <bytes>` and the tar, or `error <message>`. The socket is the account's alone (the data folder is 0700, the
 * socket 0600). Answers a function that stops listening.
 */
export function answerBackupRequests(dataDir: string, db: Database): () => void {
  const socketFile = backupSocket(dataDir);
  // This process holds the database's lock: a socket left here is a killed site's.
  fs.rmSync(socketFile, { force: true });
  const server = net.createServer((connection) => {
    connection.on("error", () => {});
    db.copyDataFolder!()
      .then(async (copy) => {
        const bytes = Buffer.from(await copy.arrayBuffer());
        connection.write(`copy ${bytes.length}\n`);
        connection.end(bytes);
      })
      .catch((error: Error) => {
        logger.error({ err: error }, "Copying the database for a backup failed");
        connection.end(`error ${error.message.split("\n")[0]}\n`);
      });
  });
  server.on("error", (error) =>
    logger.warn(
      { err: error },
      `npm run backup cannot reach this site (${socketFile}: the path may be too long for a socket); stop the site to back it up`,
    ),
  );
  server.listen(socketFile, () => fs.chmodSync(socketFile, 0o600));
  return () => {
    server.close();
    fs.rmSync(socketFile, { force: true });
  };
}

/** Asks the running site for a copy of its database through its backup socket. */
function copyFromRunningSite(socketFile: string) {
  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    const connection = net.connect(socketFile);
    connection.setTimeout(COPY_TIMEOUT_MS, () => connection.destroy(new Error("the site sent no copy in time")));
    connection.on("data", (chunk) => chunks.push(chunk));
    connection.on("error", reject);
    connection.on("end", () => {
      const answer = Buffer.concat(chunks);
      const lineEnd = answer.indexOf("\n");
      const line = answer.subarray(0, lineEnd).toString();
      const bytes = answer.subarray(lineEnd + 1);
      const copied = /^copy (\d+)$/.exec(line);
      if (copied && Number(copied[1]) === bytes.length) resolve(bytes);
      else reject(new Error(copied ? "the site's copy of the database was cut short" : `the site answered: ${line}`));
    });
  });
}

/** The database as it is between two transactions: from the running site, or from its folder when none runs. */
async function copyDatabase(dataDir: string) {
  const holder = dataFolderHolder(dataDir, "db");
  if (holder) {
    return copyFromRunningSite(backupSocket(dataDir)).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== "ENOENT" && error.code !== "ECONNREFUSED") throw error;
      throw new Error(`The database is in use by process ${holder}, which does not answer backups: try when it ends.`);
    });
  }
  const folder = path.join(dataDir, "db");
  if (!fs.existsSync(folder)) throw new Error(`There is no embedded database in ${dataDir} to back up.`);
  lockDataFolder(dataDir, "db");
  const db = openDatabase(folder);
  try {
    return Buffer.from(await (await db.copyDataFolder!()).arrayBuffer());
  } finally {
    await db.close();
  }
}

/** The accounts: exported by the running emulator, or its last save when it is stopped. False when there are none. */
async function copyAccounts(dataDir: string, target: string) {
  const dir = identityDir(dataDir);
  if (dataFolderHolder(dataDir, "identity") && fs.existsSync(emulatorStateFile(dir))) {
    const { hub } = JSON.parse(fs.readFileSync(emulatorStateFile(dir), "utf8")) as { hub: string };
    await exportAccounts(hub, target);
    return true;
  }
  const saved = await latestSave(dir);
  if (!saved) return false;
  fs.cpSync(saved, target, { recursive: true });
  return true;
}

function refuseOnPostgres(command: string) {
  if (!config.databaseUrl) return false;
  console.error(
    `${command} copies the embedded default; this site's database is PostgreSQL: use pg_dump and pg_restore, or ` +
      "base backups with WAL archiving (docs/operations.md, Backups).",
  );
  return true;
}

/**
 * `npm run backup -- [folder]`: writes the copy into `folder` (by default backups/marquee-<time>), while the site runs
 * or not. The database is copied first and the accounts after it, so every customer the copy of the database knows
 * has an account in the copy. The folder is written as `<folder>.partial` and renamed once whole.
 */
export async function backup(args: string[]) {
  if (refuseOnPostgres("npm run backup")) return 2;
  const target = path.resolve(args.find((arg) => !arg.startsWith("--")) ?? path.join("backups", `marquee-${stamp()}`));
  if (fs.existsSync(target)) {
    console.error(`${target} already exists: name a new folder for the backup.`);
    return 2;
  }
  const partial = `${target}.partial`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(partial, { recursive: true, mode: 0o700 });
  const startedAt = new Date();
  let accounts: boolean;
  let secrets: string[];
  try {
    fs.writeFileSync(path.join(partial, DATABASE_FILE), await copyDatabase(config.dataDir), { mode: 0o600 });
    accounts = config.identity.embedded && (await copyAccounts(config.dataDir, path.join(partial, ACCOUNTS_FOLDER)));
    secrets = SECRET_FILES.filter((name) => fs.existsSync(path.join(config.dataDir, name)));
    for (const name of secrets) fs.copyFileSync(path.join(config.dataDir, name), path.join(partial, name));
    const manifest = {
      format: BACKUP_FORMAT,
      startedAt,
      finishedAt: new Date(),
      from: config.dataDir,
      accounts,
      secrets,
    };
    fs.writeFileSync(path.join(partial, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    fs.renameSync(partial, target);
  } catch (error) {
    // No half-made backup is left to be mistaken for one.
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  }
  const parts = ["the database", ...(accounts ? ["the accounts"] : []), ...secrets];
  console.info(`Backup of ${config.dataDir} written to ${target}: ${parts.join(", ")}.`);
  if (config.identity.embedded && !accounts) console.info("  (no accounts: this data folder has no saved accounts)");
  return 0;
}

/**
 * `npm run restore -- <folder>`: brings a backup back into the stopped site's data folder. What the folder held is
 * moved aside into before-restore-<time>/, never deleted.
 */
export async function restore(args: string[]) {
  if (refuseOnPostgres("npm run restore")) return 2;
  const source = args.find((arg) => !arg.startsWith("--"));
  if (!source) {
    console.error("Usage: npm run restore -- <backup folder>");
    return 2;
  }
  if (!fs.existsSync(path.join(source, MANIFEST_FILE))) {
    console.error(`${path.resolve(source)} is not a whole backup (it has no ${MANIFEST_FILE}).`);
    return 1;
  }
  const { dataDir } = config;
  try {
    lockDataFolder(dataDir, "db");
    lockDataFolder(dataDir, "identity");
  } catch (error) {
    console.error(`Stop the site before restoring: ${(error as Error).message}`);
    return 1;
  }
  makeDataFolderPrivate(dataDir);
  const aside = path.join(dataDir, `before-restore-${stamp()}`);
  const savesDir = path.join(identityDir(dataDir), "saves");
  const replaced = [path.join(dataDir, "db"), savesDir, ...SECRET_FILES.map((name) => path.join(dataDir, name))];
  for (const entry of replaced.filter((entry) => fs.existsSync(entry))) {
    const moved = path.join(aside, path.relative(dataDir, entry));
    fs.mkdirSync(path.dirname(moved), { recursive: true, mode: 0o700 });
    fs.renameSync(entry, moved);
  }
  await unpackDataFolderCopy(path.join(dataDir, "db"), new Blob([fs.readFileSync(path.join(source, DATABASE_FILE))]));
  if (fs.existsSync(path.join(source, ACCOUNTS_FOLDER))) {
    fs.cpSync(
      path.join(source, ACCOUNTS_FOLDER),
      path.join(savesDir, `${String(Date.now()).padStart(15, "0")}-restored`),
      {
        recursive: true,
      },
    );
  }
  for (const name of SECRET_FILES.filter((name) => fs.existsSync(path.join(source, name)))) {
    fs.copyFileSync(path.join(source, name), path.join(dataDir, name));
  }
  // PGlite unpacks with its files readable by all.
  makeDataFolderPrivate(dataDir);
  console.info(`Restored ${path.resolve(source)} into ${dataDir}; start the site with npm start.`);
  if (fs.existsSync(aside)) console.info(`  What ${dataDir} held before is in ${aside}.`);
  return 0;
}
