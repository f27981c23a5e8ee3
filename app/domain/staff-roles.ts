/** What a staff member may do; a role is a set of these. */
export type StaffPermission = "check-in" | "sell-at-counter" | "manage-bookings" | "manage-programme" | "manage-staff";
