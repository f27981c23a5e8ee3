// Who on the staff may do what (decision 69). Browser-safe: the menu shows only what the role may use, and the
// server checks the same table on every staff page and action.

export type StaffRole = "manager" | "box-office" | "door";

export type StaffPermission = "check-in" | "sell-at-counter" | "manage-bookings" | "manage-programme" | "manage-staff";

export const STAFF_ROLES: readonly StaffRole[] = ["manager", "box-office", "door"];

export const STAFF_ROLE_LABELS: Record<StaffRole, string> = {
  manager: "Manager",
  "box-office": "Box office",
  door: "Door",
};

/** What each role may do: manage-bookings finds, cancels and refunds bookings; manage-programme is shows, prices,
 * promo codes, halls, films, certificates and ticket types; manage-staff is staff, roles, the record of changes and
 * closing the day's takings. */
const ROLE_PERMISSIONS: Record<StaffRole, readonly StaffPermission[]> = {
  manager: ["check-in", "sell-at-counter", "manage-bookings", "manage-programme", "manage-staff"],
  "box-office": ["check-in", "sell-at-counter", "manage-bookings"],
  door: ["check-in"],
};

export function roleAllows(role: StaffRole | null | undefined, permission: StaffPermission) {
  return role != null && ROLE_PERMISSIONS[role].includes(permission);
}

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
