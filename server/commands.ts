import fs from "node:fs";
import path from "node:path";
import { config } from "~/config.server";
import { loadSampleData, seedCatalogue } from "~/models/sample-data.server";
import { endAllSessions, PROVIDER_RECHECK_MINUTES } from "~/models/sessions.server";
import { applyStaffGrant, setStaffClaim } from "~/models/staff.server";
import { closeDb, migrate, NEW_DATABASE_COPIES, openDatabase } from "~/services/db.server";
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
 * `npm run grant-admin -- [--revoke] <email>`: makes a manager, or takes the staff role away (decision 69), through
 * the custom claim admin:true or false, which the site carries out at the person's next sign-in or staff request.
 * With the embedded default the site must be running: this talks to its emulator, and PGlite belongs to the site. On
 * PostgreSQL the role and the person's sessions are written here at once.
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
      await applyStaffGrant(uid, !revoke);
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
  console.info(revoke ? `${email} is no longer staff; their sessions ${sessionsEnd}.` : `${email} is now a manager.`);
  return 0;
}

/**
 * Run by `npm run build`: makes the copies a new PGlite database starts from (decision 81), one migrated and one with
 * the sample catalogue too, through the same migrations and model code a start would run.
 */
export async function makeNewDatabaseCopies() {
  const db = openDatabase("memory://", { fresh: true });
  const write = async (file: string) => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, Buffer.from(await (await db.copyDataFolder!("gzip")).arrayBuffer()));
  };
  await migrate(db);
  await write(NEW_DATABASE_COPIES.empty);
  await seedCatalogue(db);
  await write(NEW_DATABASE_COPIES.sampleCatalogue);
  await db.close();
}
