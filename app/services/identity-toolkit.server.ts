import { config } from "~/config.server";
import { assertIdentityReady, identityIsStarting } from "./identity-readiness.server";
import { logger } from "./logger.server";

// Email and password accounts through the Identity Toolkit REST API, so the forms work without JavaScript.
// The Auth emulator serves the same paths under its own host.
const REQUEST_TIMEOUT_MS = 10_000;

export type IdentityFailure =
  "invalid-credentials" | "invalid-code" | "email-exists" | "weak-password" | "too-many-attempts" | "unavailable";
type IdentityResult<T> = { ok: true; value: T } | { ok: false; reason: IdentityFailure };

// Identity Toolkit answers with codes such as "WEAK_PASSWORD : Password should be at least 6 characters".
const REASONS: Record<string, IdentityFailure> = {
  INVALID_LOGIN_CREDENTIALS: "invalid-credentials",
  EMAIL_NOT_FOUND: "invalid-credentials",
  INVALID_PASSWORD: "invalid-credentials",
  INVALID_EMAIL: "invalid-credentials",
  USER_DISABLED: "invalid-credentials",
  EMAIL_EXISTS: "email-exists",
  WEAK_PASSWORD: "weak-password",
  PASSWORD_DOES_NOT_MEET_REQUIREMENTS: "weak-password",
  TOO_MANY_ATTEMPTS_TRY_LATER: "too-many-attempts",
  // The one-time code of a reset, sign-in or confirmation link that was used, has expired, or never was.
  INVALID_OOB_CODE: "invalid-code",
  EXPIRED_OOB_CODE: "invalid-code",
};

function baseUrl() {
  const { emulatorHost } = config.identity;
  return emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`
    : "https://identitytoolkit.googleapis.com/v1";
}

async function call<T>(method: string, body: Record<string, unknown>): Promise<IdentityResult<T>> {
  if (identityIsStarting()) return { ok: false, reason: "unavailable" };
  let response: Response;
  try {
    response = await fetch(`${baseUrl()}/accounts:${method}?key=${encodeURIComponent(config.identity.apiKey)}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    logger.error({ err: error }, `Identity provider unreachable (${method})`);
    return { ok: false, reason: "unavailable" };
  }
  const data = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
  if (response.ok && data) return { ok: true, value: data as T };
  const code = String(data?.error?.message ?? "")
    .split(":")[0]
    .trim();
  const reason = REASONS[code];
  if (!reason) logger.error(`Identity provider refused ${method}: ${response.status} ${code}`);
  return { ok: false, reason: reason ?? "unavailable" };
}

/**
 * Whether the provider's host answers at all (for /healthz): one GET of its root, which any answer but a 5xx
 * passes, since it is the host being there that counts, not what it says of a request without a key.
 */
export async function pingIdentityProvider(timeoutMs: number) {
  assertIdentityReady();
  const response = await fetch(`${new URL(baseUrl()).origin}/`, { signal: AbortSignal.timeout(timeoutMs) });
  await response.body?.cancel();
  if (response.status >= 500) throw new Error(`the identity provider answered ${response.status}`);
}

type TokenResponse = { idToken: string; localId: string };

export function signUpWithPassword(input: { email: string; password: string; displayName: string }) {
  return call<TokenResponse>("signUp", { ...input, returnSecureToken: true });
}

export function signInWithPassword(input: { email: string; password: string }) {
  return call<TokenResponse>("signInWithPassword", { ...input, returnSecureToken: true });
}

type CodeResponse = { email?: string; requestType: string };

/** The email a password reset code is for, without using the code up. */
export async function checkPasswordResetCode(oobCode: string): Promise<IdentityResult<{ email: string }>> {
  const result = await call<CodeResponse>("resetPassword", { oobCode });
  if (!result.ok) return result;
  const { email, requestType } = result.value;
  return requestType === "PASSWORD_RESET" && email
    ? { ok: true, value: { email } }
    : { ok: false, reason: "invalid-code" };
}

/** Sets a new password with a reset code, which it uses up; answers the account's email. */
export function resetPasswordWithCode(input: { oobCode: string; newPassword: string }) {
  return call<{ email: string }>("resetPassword", input);
}

/** Signs in with the code of an email link; the email must be the one the link was sent to. */
export function signInWithEmailLink(input: { email: string; oobCode: string }) {
  return call<TokenResponse>("signInWithEmailLink", input);
}

/** Verifies an account's email with the code of a confirmation link, which it uses up; answers the account. */
export function applyEmailVerificationCode(oobCode: string) {
  return call<{ localId: string; email: string }>("update", { oobCode });
}
