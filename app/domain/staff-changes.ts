// The record of who changed what (decision 70): the kinds of change, as staff read them.

export const STAFF_CHANGE_KIND_LABELS = {
  "ticket-type-added": "Ticket type added",
  "ticket-type-changed": "Price changed",
  "ticket-type-retired": "Ticket type retired",
  "ticket-type-restored": "Ticket type back on sale",
  "promo-code-added": "Promo code added",
  "promo-code-ended": "Promo code ended",
  "shows-added": "Shows added",
  "show-deleted": "Show deleted",
  "show-moved": "Show moved",
  "show-cancelled": "Show cancelled and refunded",
  "show-repriced": "Show prices changed",
  "hall-saved": "Hall saved",
  "certificate-changed": "Certificate changed",
  "film-added": "Film added",
  "film-changed": "Film changed",
  "film-retired": "Film retired",
  "film-restored": "Film back on sale",
  "ticket-checked-in": "Ticket checked in",
  "counter-sale": "Counter sale",
  "counter-refund": "Counter refund",
  "takings-closed": "Takings closed",
  "staff-invited": "Staff invited",
  "staff-added": "Staff joined",
  "staff-role-changed": "Role changed",
  "staff-removed": "Staff removed",
} as const;
export type StaffChangeKind = keyof typeof STAFF_CHANGE_KIND_LABELS;
export const STAFF_CHANGE_KINDS = Object.keys(STAFF_CHANGE_KIND_LABELS) as StaffChangeKind[];

/** One change as the record shows it; `before` and `after` are the values that changed, as JSON. */
export type StaffChange = {
  id: string;
  at: string;
  staffUid: string | null;
  staffName: string;
  kind: StaffChangeKind;
  subject: string;
  before: unknown;
  after: unknown;
};
