import {
  clearSignInFailures,
  isSignInThrottled,
  recordSignInFailure,
  THROTTLE_WINDOW_MINUTES,
} from "~/models/sign-in-throttle.server";
import type { LoginInput } from "~/schemas/login";
import type { RegisterInput } from "~/schemas/register";
import { IDENTITY_MESSAGES, signInWithPassword, signUpWithPassword } from "./identity.server";
import { startSession } from "./session.server";

export const THROTTLED_MESSAGE = `Too many failed sign-in attempts. Please wait ${THROTTLE_WINDOW_MINUTES} minutes and try again.`;
export const GOOGLE_FAILED_MESSAGE = "Google sign-in did not work. Please try again.";

type Outcome = { ok: true; cookie: string } | { ok: false; message: string; status: number };

/**
 * The client's address for throttling. remix-serve does not expose the socket address, so it is known
 * only behind a proxy we trust to set X-Forwarded-For (TRUST_PROXY=true); the last hop is the one that
 * proxy added, the others are whatever the client claimed.
 */
export function clientAddress(request: Request) {
  if (process.env.TRUST_PROXY !== "true") return null;
  const hops = (request.headers.get("X-Forwarded-For") ?? "")
    .split(",")
    .map((hop) => hop.trim())
    .filter(Boolean);
  return hops.at(-1) ?? null;
}

export async function signInWithEmail(input: LoginInput, request: Request): Promise<Outcome> {
  const attempt = { email: input.email, client: clientAddress(request) };
  if (await isSignInThrottled(attempt)) return { ok: false, message: THROTTLED_MESSAGE, status: 429 };
  const result = await signInWithPassword({ email: input.email, password: input.password });
  if (!result.ok) {
    if (result.reason === "invalid-credentials") await recordSignInFailure(attempt);
    return {
      ok: false,
      message: IDENTITY_MESSAGES[result.reason],
      status: result.reason === "unavailable" ? 503 : 400,
    };
  }
  await clearSignInFailures(input.email);
  return sessionFor(result.value.idToken, input.remember);
}

export async function signInWithGoogle(idToken: string, remember: boolean): Promise<Outcome> {
  return sessionFor(idToken, remember, GOOGLE_FAILED_MESSAGE);
}

async function sessionFor(
  idToken: string,
  remember: boolean,
  failure = IDENTITY_MESSAGES.unavailable,
): Promise<Outcome> {
  try {
    const { cookie } = await startSession(idToken, remember);
    return { ok: true, cookie };
  } catch (error) {
    // A bad or stale token is the caller's problem; anything else is ours and worth a log line.
    const code = String((error as { code?: string }).code ?? "");
    if (!code.startsWith("auth/")) console.error("Could not start a session:", error);
    return { ok: false, message: failure, status: 400 };
  }
}

export async function registerAccount(input: RegisterInput) {
  const result = await signUpWithPassword({
    email: input.email,
    password: input.password,
    displayName: input.fullName,
  });
  return result.ok
    ? { ok: true as const }
    : {
        ok: false as const,
        message: IDENTITY_MESSAGES[result.reason],
        status: result.reason === "unavailable" ? 503 : 400,
      };
}
