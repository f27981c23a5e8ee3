import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { config } from "~/config.server";
import { setStaffClaim } from "~/models/staff.server";
import { firebaseAuth, isAuthError } from "~/services/firebase-admin.server";

const STAFF_NAME = "Marquee Staff";

/** A password made for one data folder: 18 random bytes, readable enough to type once. */
function generatePassword() {
  return `Mq-${crypto.randomBytes(18).toString("base64url")}`;
}

/**
 * The embedded default's staff account, made on first start. Its password is STAFF_PASSWORD when set (never
 * printed), else one generated for this data folder, printed the one time it is made and kept in the folder.
 */
export async function ensureStaffAccount(dataDir: string) {
  const { staffEmail: email, staffPassword: configured } = config.embeddedEmulator;
  const passwordFile = path.join(dataDir, "staff-password");
  const auth = firebaseAuth();
  const existing = await auth.getUserByEmail(email).catch((error) => {
    if (isAuthError(error) && (error as { code: string }).code === "auth/user-not-found") return null;
    throw error;
  });
  if (existing) {
    // A password set in the environment is the configuration: it wins over one changed since.
    if (configured) await auth.updateUser(existing.uid, { password: configured });
    await setStaffClaim(existing.uid, true);
    const where = configured ? "STAFF_PASSWORD" : passwordFile;
    console.info(`Staff account: ${email} (password: ${where})`);
    return;
  }
  const password = configured ?? generatePassword();
  const { uid } = await auth.createUser({ email, password, displayName: STAFF_NAME, emailVerified: true });
  await setStaffClaim(uid, true);
  if (configured) {
    console.info(`Staff account: ${email} (password: STAFF_PASSWORD)`);
  } else {
    fs.writeFileSync(passwordFile, `${password}\n`, { mode: 0o600 });
    console.info(`Staff account created: ${email} / ${password}`);
    console.info(`  (shown this once; kept in ${passwordFile})`);
  }
}
