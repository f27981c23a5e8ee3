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

/** Whether the site mailed this code and no reset of its account came after the code was made. */
export async function isPasswordResetCodeCurrent(code: string) {
  const db = await getDb();
  const rows = await db.query(
    `select 1 from password_reset_codes code
     where code_hash = $1 and not exists (
       select 1 from password_reset_codes reset where reset.email = code.email and reset.used_at >= code.made_at)`,
    [hashOf(code)],
  );
  return rows.length > 0;
}

/** Records that this code changed its account's password: the account's codes made before now stop working here. */
export async function recordPasswordResetCodeUsed(code: string) {
  const db = await getDb();
  await db.query("update password_reset_codes set used_at = now() where code_hash = $1", [hashOf(code)]);
}
