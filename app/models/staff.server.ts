import type { DecodedIdToken } from "firebase-admin/auth";
import { config } from "~/config.server";
import { firebaseAuth } from "~/services/firebase-admin.server";
import { revokeSessions } from "~/services/session-cookie.server";

// Staff are accounts with the custom claim admin:true (set by `npm run grant-admin` or ADMIN_EMAILS).

/**
 * Whether a user who just signed in is staff. A verified email listed in ADMIN_EMAILS gets the claim;
 * an unverified one does not, or anyone could register a listed address before its owner does.
 */
export async function isStaffAtSignIn(token: DecodedIdToken) {
  if (token.admin === true) return true;
  const email = token.email?.toLowerCase();
  if (!email || token.email_verified !== true || !config.identity.adminEmails.includes(email)) return false;
  await setStaffClaim(token.uid, true);
  return true;
}

/**
 * The live staff right. A session cookie keeps the claims it was minted with, so they are read from
 * the provider instead: a right taken away counts at once.
 */
export async function hasStaffClaim(uid: string) {
  const user = await firebaseAuth().getUser(uid);
  return user.customClaims?.admin === true;
}

/** Grants or takes away the staff right; taking it away also ends that person's sessions. */
export async function setStaffClaim(uid: string, isStaff: boolean) {
  const auth = firebaseAuth();
  const { customClaims } = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...customClaims, admin: isStaff });
  if (!isStaff) await revokeSessions(uid);
}
