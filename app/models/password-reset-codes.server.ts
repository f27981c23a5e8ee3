import { createHash } from "node:crypto";
import { sql } from "kysely";
import { getDb } from "~/services/db.server";
import { passwordResetCode } from "~/services/firebase-admin.server";
import { typed } from "~/services/typed-db.server";

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
  const {
    rows: [{ askedAt }],
  } = await sql<{ askedAt: Date }>`select now() as "askedAt"`.execute(typed(db));
  const code = await passwordResetCode(email);
  if (!code) return null;
  await typed(db)
    .deleteFrom("password_reset_codes")
    .where("made_at", "<", sql<Date>`now() - make_interval(days => ${KEPT_DAYS})`)
    .execute();
  await typed(db)
    .insertInto("password_reset_codes")
    .values({ code_hash: hashOf(code), email, made_at: askedAt })
    .execute();
  return code;
}

/** The code `code` is current: no reset of its account came after it was made. */
const current = sql<boolean>`not exists (
  select 1 from password_reset_codes reset where reset.email = code.email and reset.used_at >= code.made_at)`;

/** Whether the site mailed this code and no reset of its account came after the code was made. */
export async function isPasswordResetCodeCurrent(code: string) {
  const found = await typed(await getDb())
    .selectFrom("password_reset_codes as code")
    .select("code_hash")
    .where("code_hash", "=", hashOf(code))
    .where(current)
    .executeTakeFirst();
  return found !== undefined;
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
    const row = await typed(tx)
      .selectFrom("password_reset_codes")
      .select("email")
      .where("code_hash", "=", codeHash)
      .executeTakeFirst();
    if (!row) return false;
    await typed(tx)
      .selectFrom("password_reset_codes")
      .select("code_hash")
      .where("email", "=", row.email)
      .orderBy("code_hash")
      .forUpdate()
      .execute();
    const claimed = await typed(tx)
      .updateTable("password_reset_codes as code")
      .set({ used_at: sql<Date>`now()` })
      .where("code_hash", "=", codeHash)
      .where(current)
      .returning("code_hash")
      .executeTakeFirst();
    return claimed !== undefined;
  });
}

/** Gives back a claimed code whose change the provider refused: the account's other codes work again. */
export async function releasePasswordResetCode(code: string) {
  await typed(await getDb())
    .updateTable("password_reset_codes")
    .set({ used_at: null })
    .where("code_hash", "=", hashOf(code))
    .execute();
}
