import { getDb } from "~/services/db.server";

export type Viewer = { uid: string; name: string; email: string; photoURL: string | null; isStaff: boolean };
export type SignedInUser = {
  uid: string;
  email: string | null;
  name: string | null;
  photoURL: string | null;
  isStaff: boolean;
};

type UserRow = { uid: string; email: string | null; name: string; photo_url: string | null; is_staff: boolean };

function toViewer(row: UserRow): Viewer {
  return {
    uid: row.uid,
    name: row.name || row.email || "Guest",
    email: row.email ?? "",
    photoURL: row.photo_url,
    isStaff: row.is_staff,
  };
}

/** Mirrors a user from the identity provider into the database; called at every sign-in. */
export async function recordSignIn(user: SignedInUser): Promise<Viewer> {
  const db = await getDb();
  const [row] = await db.query<UserRow>(
    `insert into users (uid, email, name, photo_url, is_staff, last_sign_in_at)
     values ($1, $2, $3, $4, $5, now())
     on conflict (uid) do update set email = excluded.email, name = excluded.name,
       photo_url = excluded.photo_url, is_staff = excluded.is_staff, last_sign_in_at = now()
     returning uid, email, name, photo_url, is_staff`,
    [user.uid, user.email, user.name ?? "", user.photoURL, user.isStaff],
  );
  return toViewer(row);
}

export async function findViewer(uid: string): Promise<Viewer | null> {
  const db = await getDb();
  const [row] = await db.query<UserRow>("select uid, email, name, photo_url, is_staff from users where uid = $1", [
    uid,
  ]);
  return row ? toViewer(row) : null;
}

export async function setStaff(uid: string, isStaff: boolean) {
  const db = await getDb();
  await db.query("update users set is_staff = $2 where uid = $1 and is_staff <> $2", [uid, isStaff]);
}
