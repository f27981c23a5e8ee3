import fs from "node:fs";
import { config } from "~/config.server";
import { loadSampleData } from "~/models/sample-data.server";
import { endAllSessions, PROVIDER_RECHECK_MINUTES } from "~/models/sessions.server";
import { setStaffClaim } from "~/models/staff.server";
import { mirrorStaffRight } from "~/models/users.server";
import { closeDb } from "~/services/db.server";
import { firebaseAuth, isAuthError, useAuthEmulator } from "~/services/firebase-admin.server";
import { identityDir } from "~/services/identity-emulator.server";
import { emulatorStateFile } from "./auth-emulator";
import { lockDataFolder } from "./data-folder";

/** `npm run seed`: loads the sample catalogue and two weeks of sample shows into the configured database. */
export async function seed() {
  if (config.databaseUrl === null) lockDataFolder(config.dataDir, "db");
  await loadSampleData();
  await closeDb();
  console.info(`Sample movies and shows loaded into ${config.databaseUrl ? "PostgreSQL" : config.databaseLocation}.`);
}

/**
 * `npm run grant-admin -- [--revoke] <email>`: gives or takes away the staff right (the custom claim admin:true,
 * read live at every staff check). With the embedded default the site must be running: this talks to its
 * emulator. The database mirror and the person's sessions are written here on PostgreSQL; PGlite belongs to the
 * running site, which refreshes its mirror at the next staff check and ends the sessions at their next re-check.
 */
export async function grantAdmin(args: string[]) {
  const revoke = args.includes("--revoke");
  const email = args
    .find((arg) => !arg.startsWith("--"))
    ?.trim()
    .toLowerCase();
  if (!email) {
    console.error("Usage: npm run grant-admin -- [--revoke] <email>");
    return 2;
  }
  if (config.identity.embedded) {
    const stateFile = emulatorStateFile(identityDir());
    if (!fs.existsSync(stateFile)) {
      console.error(
        "The embedded Auth emulator is not running: start the site first (npm start), then run this again.",
      );
      return 1;
    }
    useAuthEmulator(JSON.parse(fs.readFileSync(stateFile, "utf8")).host);
  }
  try {
    const { uid } = await firebaseAuth().getUserByEmail(email);
    await setStaffClaim(uid, !revoke);
    if (config.databaseUrl) {
      await mirrorStaffRight(uid, !revoke);
      if (revoke) await endAllSessions(uid);
      await closeDb();
    }
  } catch (error) {
    if (isAuthError(error) && (error as { code: string }).code === "auth/user-not-found") {
      console.error(`No account with the email ${email}.`);
      return 1;
    }
    throw error;
  }
  const sessionsEnd = config.databaseUrl ? "were ended" : `end within ${PROVIDER_RECHECK_MINUTES} minutes`;
  console.info(revoke ? `${email} is no longer staff; their sessions ${sessionsEnd}.` : `${email} is now staff.`);
  return 0;
}
