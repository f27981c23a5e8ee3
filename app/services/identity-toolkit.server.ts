import { config } from "~/config.server";
import { logger } from "./logger.server";

// Email and password accounts through the Identity Toolkit REST API, so the forms work without JavaScript.
// The Auth emulator serves the same paths under its own host.
const REQUEST_TIMEOUT_MS = 10_000;

export type IdentityFailure =
  "invalid-credentials" | "email-exists" | "weak-password" | "too-many-attempts" | "unavailable";
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
  RESET_PASSWORD_EXCEED_LIMIT: "too-many-attempts",
};

function baseUrl() {
  const { emulatorHost } = config.identity;
  return emulatorHost
    ? `http://${emulatorHost}/identitytoolkit.googleapis.com/v1`
    : "https://identitytoolkit.googleapis.com/v1";
}

async function call<T>(method: string, body: Record<string, unknown>): Promise<IdentityResult<T>> {
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

/**
 * Asks the provider to email a reset link. Whatever it says of the account (unknown, disabled, mailed too often)
 * answers as a sent link, or the answer would tell whether the account exists; only a provider out of reach says so.
 */
export async function sendPasswordReset(email: string) {
  const result = await call("sendOobCode", { requestType: "PASSWORD_RESET", email });
  return result.ok || result.reason !== "unavailable" ? { ok: true as const } : result;
}
