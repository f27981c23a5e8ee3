import type { DecodedIdToken } from "firebase-admin/auth";
import { sql } from "kysely";
import type { StaffRole } from "~/domain/staff-roles";
import type { User } from "~/domain/user";
import { getDb, type Queryable } from "~/services/db.server";
import { typed } from "~/services/typed-db.server";

/** A signed-in person, as the site knows them. */

/** SQL for the name a user goes by: their name, else their email. `users` is the table's alias in the query. */
export const userNameSql = (users: string) => `coalesce(nullif(${users}.name, ''), ${users}.email, 'Guest')`;

/** The columns of a `User`, for typed queries that read `users` (under that name). */
export const userColumns = [
  "users.uid",
  sql.raw<string>(userNameSql("users")).as("name"),
  sql<string>`coalesce(users.email, '')`.as("email"),
  "users.photo_url as photoUrl",
  sql<boolean>`users.staff_role is not null`.as("isStaff"),
  sql<StaffRole | null>`users.staff_role`.as("role"),
] as const;

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
  return typed(await getDb())
    .insertInto("users")
    .values({
      uid: account.uid,
      email: account.email,
      name: account.name,
      photo_url: account.photoUrl,
      email_verified: account.emailVerified ?? null,
      last_sign_in_at: sql<Date>`now()`,
    })
    .onConflict((oc) =>
      oc.column("uid").doUpdateSet((eb) => ({
        email: eb.ref("excluded.email"),
        name: eb.ref("excluded.name"),
        photo_url: eb.ref("excluded.photo_url"),
        email_verified: eb.ref("excluded.email_verified"),
        last_sign_in_at: sql<Date>`now()`,
      })),
    )
    .returning(userColumns)
    .executeTakeFirstOrThrow();
}

/** An account just made with a password, its email not yet verified; mirrored here until its first sign-in. */
export async function recordNewAccount(tx: Queryable, account: { uid: string; email: string; name: string }) {
  await typed(tx)
    .insertInto("users")
    .values({ uid: account.uid, email: account.email, name: account.name, email_verified: false })
    .onConflict((oc) => oc.column("uid").doNothing())
    .execute();
}

/** Marks an account's email verified, as the provider now says it is. */
export async function recordEmailVerified(uid: string) {
  await typed(await getDb())
    .updateTable("users")
    .set({ email_verified: true })
    .where("uid", "=", uid)
    .where("is_guest", "=", false)
    .execute();
}

/** The email of an account the provider has not verified yet, as last seen here; null for any other. */
export async function findUnverifiedEmail(uid: string): Promise<string | null> {
  const row = await typed(await getDb())
    .selectFrom("users")
    .select("email")
    .where("uid", "=", uid)
    .where("email_verified", "=", false)
    .where("email", "is not", null)
    .executeTakeFirst();
  return row?.email ?? null;
}

export async function findUser(uid: string): Promise<User | null> {
  const user = await typed(await getDb())
    .selectFrom("users")
    .select(userColumns)
    .where("uid", "=", uid)
    .executeTakeFirst();
  return user ?? null;
}
