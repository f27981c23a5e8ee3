import type { DeliveryResult } from "./mailer.server";

// The sign-in sync's calls to the address AUTH_SYNC_URL names (docs/operations.md, "Sign-in sync"). Like a mail, a call is
// made by the outbox's worker, never while someone waits for a page.
const REQUEST_TIMEOUT_MS = 20_000;
// Statuses that say "not now" rather than "never".
const TRY_AGAIN_STATUSES = new Set([408, 425, 429]);

export async function callAuthSync(
  url: string,
  { method, idToken, body }: { method: "POST" | "DELETE"; idToken?: string; body: Record<string, unknown> },
): Promise<DeliveryResult> {
  try {
    const response = await fetch(url, {
      method,
      headers: {
        "Content-Type": "application/json",
        ...(idToken ? { Authorization: `Bearer ${idToken}` } : {}),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    await response.body?.cancel();
    if (response.ok) return { ok: true };
    const permanent = response.status < 500 && !TRY_AGAIN_STATUSES.has(response.status);
    return { ok: false, permanent, error: `${method} answered ${response.status}` };
  } catch (error) {
    return { ok: false, permanent: false, error: error instanceof Error ? error.message : String(error) };
  }
}
