import type { AccountFailure } from "~/models/accounts.server";

// What the sign-in, sign-up, reset and email-link forms say when the account rules or the provider refuse: clear, and
// never whether another account exists.
const FAILURES: Record<AccountFailure, { status: number; message: (waitMinutes: string) => string }> = {
  "invalid-credentials": { status: 400, message: () => "Incorrect email or password." },
  "email-exists": {
    status: 400,
    message: () =>
      "We could not create an account with these details. If you already have an account, sign in instead.",
  },
  "weak-password": { status: 400, message: () => "Please choose a stronger password." },
  "invalid-code": {
    status: 400,
    message: () => "This link has expired or has already been used. Please ask for a new one.",
  },
  "link-email-mismatch": {
    status: 400,
    message: () => "This link cannot sign in with that email. Please enter the address the link was sent to.",
  },
  "already-verified": { status: 400, message: () => "Your email is already confirmed." },
  "too-many-attempts": { status: 429, message: () => "Too many attempts. Please wait a few minutes and try again." },
  "google-failed": { status: 400, message: () => "Google sign-in did not work. Please try again." },
  "google-unavailable": {
    status: 400,
    message: () =>
      "Google sign-in is not available on this site. Please sign in with your email and password, or with an emailed link.",
  },
  unavailable: { status: 503, message: () => "We could not reach the sign-in service. Please try again in a moment." },
  throttled: { status: 429, message: (wait) => `Too many attempts. Please wait ${wait} and try again.` },
};

const THROTTLED_SIGN_IN = (wait: string) => `Too many failed sign-in attempts. Please wait ${wait} and try again.`;

function minutes(count = 1) {
  return count === 1 ? "1 minute" : `${count} minutes`;
}

/** The status and message for a refused account request; `signIn` words a throttled sign-in as such. */
export function accountFailure(
  failure: { reason: AccountFailure; waitMinutes?: number },
  { signIn = false } = {},
): { status: number; message: string } {
  const wait = minutes(failure.waitMinutes);
  if (failure.reason === "throttled" && signIn) return { status: 429, message: THROTTLED_SIGN_IN(wait) };
  const { status, message } = FAILURES[failure.reason];
  return { status, message: message(wait) };
}
