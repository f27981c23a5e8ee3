import { sql } from "kysely";
import type { DecodedIdToken, UserRecord } from "firebase-admin/auth";
import { config } from "~/config.server";
import type { StaffRole } from "~/domain/staff-roles";
import { getDb } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";
import { firebaseAuth, isAuthError } from "~/services/firebase-admin.server";
import { recordStaffChange } from "./staff-changes.server";

// Staff roles are kept in `users.staff_role` (decision 69). The provider's custom claim admin:true is the command
// line's way in, which cannot write the embedded database while the site holds it: `npm run grant-admin`, the
// embedded default's staff account and ADMIN_EMAILS make a manager here at the next sign-in or staff request, and
// admin:false (`grant-admin --revoke`) takes the role away. The claim is then taken off the account, so it never
// undoes a manager's later change.

type StaffClaims = Record<string, unknown> | undefined;

/** What the account's claim asks for: true makes a manager, false takes the role away, undefined leaves it. */
export function staffClaim(claims: StaffClaims): boolean | undefined {
  const admin = claims?.admin;
  return typeof admin === "boolean" ? admin : undefined;
}

/** The claim of an account as the provider holds it now; sessions read it at every staff request. */
export function staffClaimOf(account: UserRecord) {
  return staffClaim(account.customClaims);
}

/**
 * What a fresh sign-in asks for: the token's claim, else manager for a verified email listed in ADMIN_EMAILS (an
 * unverified one is not, or anyone could register a listed address before its owner does).
 */
export function staffGrantAtSignIn(token: DecodedIdToken): boolean | undefined {
  const claim = staffClaim(token as unknown as StaffClaims);
  if (claim !== undefined) return claim;
  const email = token.email?.toLowerCase();
  if (email && token.email_verified === true && config.identity.adminEmails.includes(email)) return true;
  return undefined;
}

/**
 * Carries out what the claim (or ADMIN_EMAILS) asks, in one transaction with its record: true makes a manager,
 * false takes the role away (grant-admin --revoke also revokes the sign-ins, which ends the sessions). Answers the
 * role now held.
 */
export async function applyStaffGrant(uid: string, grant: boolean, claims?: StaffClaims): Promise<StaffRole | null> {
  const db = await getDb();
  const role = await db.transaction(async (tx) => {
    const row = await typed(tx)
      .selectFrom("users")
      .select([sql<StaffRole | null>`staff_role`.as("role"), "email"])
      .where("uid", "=", uid)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    const wanted: StaffRole | null = grant ? "manager" : null;
    if (row.role === wanted) return row.role;
    await typed(tx).updateTable("users").set({ staff_role: wanted }).where("uid", "=", uid).execute();
    await recordStaffChange(tx, {
      staffUid: null,
      kind: wanted ? "staff-added" : "staff-removed",
      subject: row.email ?? uid,
      before: row.role && { role: row.role },
      after: wanted && { role: wanted },
    });
    return wanted;
  });
  await clearStaffClaim(uid, claims);
  return role;
}

/**
 * Sets the claim for the site to carry out at the next sign-in or staff request (grant-admin, the embedded
 * default's staff account). Taking it away also revokes the person's sign-ins at the provider, so their sessions end
 * at the next re-check on every instance. This touches no database: `grant-admin` runs it beside a site that owns
 * its embedded one.
 */
export async function setStaffClaim(uid: string, isStaff: boolean) {
  const auth = firebaseAuth();
  const { customClaims } = await auth.getUser(uid);
  await auth.setCustomUserClaims(uid, { ...customClaims, admin: isStaff });
  if (!isStaff) await auth.revokeRefreshTokens(uid);
}

/** Takes the claim off once carried out, or before a manager's change, so it cannot undo that change later. */
export async function clearStaffClaim(uid: string, known?: StaffClaims) {
  const auth = firebaseAuth();
  const account = known
    ? null
    : await auth.getUser(uid).catch((error) => (isAuthError(error) ? null : Promise.reject(error)));
  const customClaims = known ?? account?.customClaims;
  if (!customClaims || !("admin" in customClaims)) return;
  const { admin: _carriedOut, ...others } = customClaims;
  await auth.setCustomUserClaims(uid, others);
}
