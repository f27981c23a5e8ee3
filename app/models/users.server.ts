import type { DecodedIdToken } from "firebase-admin/auth";
import type { User } from "~/domain/user";
import { getDb, type Queryable } from "~/services/db.server";

/** A signed-in person, as the site knows them. */

/** SQL for the name a user goes by: their name, else their email. `users` is the table's alias in the query. */
export const userNameSql = (users: string) => `coalesce(nullif(${users}.name, ''), ${users}.email, 'Guest')`;

// The columns of a `User`, for queries that read `users` (under that name).
export const USER_COLUMNS = `uid, ${userNameSql("users")} as name, coalesce(email, '') as email,
  photo_url as "photoUrl", staff_role is not null as "isStaff", staff_role as role`;

/** The identity provider's account, as a verified token describes it, to be mirrored into the database. */
export function accountFromToken(token: DecodedIdToken) {
  return {
    uid: token.uid,
    email: token.email ?? null,
    name: typeof token.name === "string" ? token.name : "",
    photoUrl: token.picture ?? null,
    emailVerified: token.email_verified === true,
  };
}

/** Mirrors a user from the identity provider into the database; called at every sign-in. */
export async function recordSignIn(
  account: Omit<ReturnType<typeof accountFromToken>, "emailVerified"> & { emailVerified?: boolean },
): Promise<User> {
  const db = await getDb();
  const [user] = await db.query<User>(
    `insert into users (uid, email, name, photo_url, email_verified, last_sign_in_at)
     values ($1, $2, $3, $4, $5, now())
     on conflict (uid) do update set email = excluded.email, name = excluded.name,
       photo_url = excluded.photo_url, email_verified = excluded.email_verified, last_sign_in_at = now()
     returning ${USER_COLUMNS}`,
    [account.uid, account.email, account.name, account.photoUrl, account.emailVerified ?? null],
  );
  return user;
}

/** An account just made with a password, its email not yet verified; mirrored here until its first sign-in. */
export async function recordNewAccount(tx: Queryable, account: { uid: string; email: string; name: string }) {
  await tx.query(
    `insert into users (uid, email, name, email_verified) values ($1, $2, $3, false) on conflict (uid) do nothing`,
    [account.uid, account.email, account.name],
  );
}

/** Marks an account's email verified, as the provider now says it is. */
export async function recordEmailVerified(uid: string) {
  const db = await getDb();
  await db.query("update users set email_verified = true where uid = $1 and not is_guest", [uid]);
}

/** The email of an account the provider has not verified yet, as last seen here; null for any other. */
export async function findUnverifiedEmail(uid: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db.query<{ email: string }>(
    "select email from users where uid = $1 and email_verified = false and email is not null",
    [uid],
  );
  return row?.email ?? null;
}

export async function findUser(uid: string): Promise<User | null> {
  const db = await getDb();
  const [user] = await db.query<User>(`select ${USER_COLUMNS} from users where uid = $1`, [uid]);
  return user ?? null;
}
