import type { StaffRefusal } from "~/models/staff-members.server";

/** What staff and invitees read when a staff change or an invitation is refused (nothing was changed). */
export const STAFF_REFUSALS: Record<StaffRefusal, string> = {
  "already-staff": "This address already belongs to a staff member. Change their role in the list below instead.",
  "not-found": "That person is no longer on the staff. The list below is up to date.",
  used: "This invitation has already been accepted. If that was you, open the Admin Panel; otherwise ask a manager for a new invitation.",
  expired: "This invitation has run out. Please ask a manager to invite you again.",
  "wrong-address":
    "This invitation was sent to another address. Please sign out and sign in with the address the invitation was sent to.",
  unverified:
    "Please confirm your email address first: sign in with a link mailed to it, then open the invitation again.",
  "last-manager":
    "You are the only manager, so you cannot remove yourself or take another role. Make someone else a manager first.",
  "not-manager": "Only a manager can change the staff, and your role has changed. Nothing was changed.",
};
