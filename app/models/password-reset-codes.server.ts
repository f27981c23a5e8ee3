import { createHash } from "node:crypto";
import { getDb } from "~/services/db.server";
import { passwordResetCode } from "~/services/firebase-admin.server";

// The provider keeps a reset code working until it expires or is used, even once another code of the account has
// changed the password. The site records each code it mails, so a reset ends every code of the account made before it
// (docs/decisions/0015-outbox.md).

const hashOf = (code: string) => createHash("sha256").update(code).digest("base64url");

// The provider's codes last an hour: a day's rows cover every code that still works, and one older is refused anyway.
const KEPT_DAYS = 1;

/** A new code to set the password of the account with this email, recorded; null when no enabled account has it. */
export async function makePasswordResetCode(email: string) {
  const db = await getDb();
  // The time it was asked for, by the database's clock: a reset that lands while the provider makes it ends it too.
  const [{ askedAt }] = await db.query<{ askedAt: Date }>(`select now() as "askedAt"`);
  const code = await passwordResetCode(email);
  if (!code) return null;
  await db.query("delete from password_reset_codes where made_at < now() - make_interval(days => $1)", [KEPT_DAYS]);
  await db.query("insert into password_reset_codes (code_hash, email, made_at) values ($1, $2, $3)", [
    hashOf(code),
    email,
    askedAt,
  ]);
  return code;
}

const CURRENT = `not exists (
  select 1 from password_reset_codes reset where reset.email = code.email and reset.used_at >= code.made_at)`;

/** Whether the site mailed this code and no reset of its account came after the code was made. */
export async function isPasswordResetCodeCurrent(code: string) {
  const db = await getDb();
  const rows = await db.query(`select 1 from password_reset_codes code where code_hash = $1 and ${CURRENT}`, [
    hashOf(code),
  ]);
  return rows.length > 0;
}

/**
 * Takes a current code for a password change: marks it used now, which ends the account's codes made before it.
 * Two codes of one account taken at once are decided by a lock on the account's rows, not by an earlier read: the
 * second sees the first's mark and is refused. Answers false when the code is not current.
 */
export async function claimPasswordResetCode(code: string) {
  const db = await getDb();
  const codeHash = hashOf(code);
  return db.transaction(async (tx) => {
    const [row] = await tx.query<{ email: string }>("select email from password_reset_codes where code_hash = $1", [
      codeHash,
    ]);
    if (!row) return false;
    await tx.query("select 1 from password_reset_codes where email = $1 order by code_hash for update", [row.email]);
    const claimed = await tx.query(
      `update password_reset_codes code set used_at = now() where code_hash = $1 and ${CURRENT} returning 1`,
      [codeHash],
    );
    return claimed.length > 0;
  });
}

/** Gives back a claimed code whose change the provider refused: the account's other codes work again. */
export async function releasePasswordResetCode(code: string) {
  const db = await getDb();
  await db.query("update password_reset_codes set used_at = null where code_hash = $1", [hashOf(code)]);
}
