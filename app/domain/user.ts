/** A signed-in person as the site knows them (mirrored from the identity provider). */
export type User = { uid: string; name: string; email: string; photoUrl: string | null; isStaff: boolean };
