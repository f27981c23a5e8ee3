/** A signed-in person as the site knows them (mirrored from the identity provider). */
export type User = { uid: string; name: string; email: string; photoUrl: string | null; isStaff: boolean };

/** A guest (decision 46) is a customer without an account; their uid says so, as no provider's uid has a colon. */
export const isGuest = (user: Pick<User, "uid">) => user.uid.startsWith("guest:");
