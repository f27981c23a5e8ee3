import type { StaffRole } from "./staff-roles";

/** A signed-in person as the site knows them (mirrored from the identity provider), with their staff role if any. */
export type User = {
  uid: string;
  name: string;
  email: string;
  photoUrl: string | null;
  isStaff: boolean;
  role: StaffRole | null;
};

/** A guest (decision 46) is a customer without an account; their uid says so, as no provider's uid has a colon. */
export const isGuest = (user: Pick<User, "uid">) => user.uid.startsWith("guest:");
