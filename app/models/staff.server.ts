import type { DecodedIdToken, UserRecord } from "firebase-admin/auth";
import { config } from "~/config.server";
import { firebaseAuth } from "~/services/firebase-admin.server";

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

/** Whether the provider's account has the staff right; sessions read it at every staff request. */
export function hasStaffClaim(account: UserRecord) {
  return account.customClaims?.admin === true;
}

/**
 * Grants or takes away the staff right. Taking it away also revokes the person's sign-ins at the provider, so
 * their sessions end at the next re-check on every instance (staff pages end them at once, asking the provider on
 * every request). This touches no database: `grant-admin` runs it beside a site that owns its embedded one.
 */
export async function setStaffClaim(uid: string, isStaff: boolean) {
  const auth = firebaseAuth();
  const { customClaims } = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...customClaims, admin: isStaff });
  if (!isStaff) await auth.revokeRefreshTokens(uid);
}
