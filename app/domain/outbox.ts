// What the site sends, as staff see it in the outbox: the kinds of message and where each one stands.

export const OUTBOX_KIND_LABELS = {
  "booking-confirmation": "Booking confirmation",
  "booking-cancellation": "Cancellation and refund",
  "show-reminder": "Show reminder",
  "show-cancelled": "Show cancelled",
  "payment-returned": "Late payment refunded",
  "gateway-refund": "Refund at the payment gateway",
  "show-moved": "Show moved",
  "waitlist-offer": "Waitlist offer",
  "password-reset": "Password reset",
  "sign-in-link": "Sign-in link",
  "email-verification": "Email confirmation",
  "booking-link": "Booking link asked for",
  "staff-invitation": "Staff invitation",
  "auth-sync": "Sign-in sync",
  "wallet-update": "Wallet pass update",
};
export type OutboxKind = keyof typeof OUTBOX_KIND_LABELS;

/** Pending until sent; skipped when there was nothing to send any more; failed once the retries ran out. */
export const OUTBOX_STATUS_LABELS = { pending: "Pending", sent: "Sent", skipped: "Skipped", failed: "Failed" } as const;
export type OutboxStatus = keyof typeof OUTBOX_STATUS_LABELS;

/** A message in the staff's list of the outbox. */
export type OutboxEntry = {
  id: string;
  kind: OutboxKind;
  recipient: string;
  subject: string;
  status: OutboxStatus;
  attempts: number;
  createdAt: string;
  dueAt: string;
  sentAt: string | null;
};

/** One message opened: its text as sent and what happened to it. */
export type OutboxMessage = OutboxEntry & {
  textBody: string | null;
  lastError: string | null;
  note: string | null;
  /** Whether its .eml file can be downloaded: written to the data folder, and carrying no one-time link. */
  downloadable: boolean;
};
