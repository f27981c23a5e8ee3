import fs from "node:fs";
import path from "node:path";

/**
 * Makes the data folder private to the account that runs the site: it holds the database, the accounts of the
 * embedded identity provider (with their passwords, in the emulator's own format) and the secrets. Everything
 * created from now on is 0700/0600, and what an older version left readable is made private too.
 */
export function makeDataFolderPrivate(dataDir: string) {
  process.umask(0o077);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const tighten = (entry: string) => {
    try {
      const stat = fs.lstatSync(entry);
      if (stat.isSymbolicLink()) return;
      if ((stat.mode & 0o077) !== 0) fs.chmodSync(entry, stat.isDirectory() ? 0o700 : 0o600);
      if (stat.isDirectory()) for (const name of fs.readdirSync(entry)) tighten(path.join(entry, name));
    } catch (error) {
      // The emulator may be writing and removing its save folders meanwhile: an entry gone needs nothing.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
  };
  tighten(dataDir);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  return !isZombie(pid);
}

/**
 * Whether a process has died and waits for its parent to reap it (Linux's state Z): it holds no file and no lock,
 * though its pid answers. A site killed with its supervisor stays so until init reaps it, and forever in a container
 * whose first process reaps nothing. Where /proc cannot tell, the process counts as alive.
 */
function isZombie(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat[stat.lastIndexOf(")") + 2] === "Z";
  } catch {
    return false;
  }
}

/** The process holding a part of the data folder (lockDataFolder), if it is still running. */
export function dataFolderHolder(dataDir: string, part: string): number | null {
  const lockFile = path.join(dataDir, `${part}.lock`);
  const holder = fs.existsSync(lockFile) ? Number(fs.readFileSync(lockFile, "utf8")) : 0;
  return holder && holder !== process.pid && isRunning(holder) ? holder : null;
}

/**
 * Claims a part of the data folder for this process (the embedded database or the embedded emulator), so a second
 * copy started on the same folder stops with a clear message instead of corrupting it. The claim ends with the
 * process; one left by a process that was killed is taken over.
 */
export function lockDataFolder(dataDir: string, part: string) {
  const lockFile = path.join(dataDir, `${part}.lock`);
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  for (;;) {
    try {
      fs.writeFileSync(lockFile, String(process.pid), { flag: "wx", mode: 0o600 });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = dataFolderHolder(dataDir, part);
      if (holder) {
        throw new Error(`${path.join(dataDir, part)} is in use by another copy of the site (process ${holder}).`);
      }
      fs.rmSync(lockFile, { force: true });
    }
  }
  process.once("exit", () => {
    if (fs.existsSync(lockFile) && fs.readFileSync(lockFile, "utf8") === String(process.pid)) fs.rmSync(lockFile);
  });
}
