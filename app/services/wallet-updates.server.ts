import http2 from "node:http2";
import { importPKCS8, SignJWT } from "jose";
import type { WalletTicket } from "./wallet-passes.server";
import { eventTicketClass, eventTicketObject } from "./wallet-passes.server";

// Telling the wallets that a pass changed (decision 73). Apple: a push through APNs to each device that registered the
// pass, after which the device fetches the pass again from the site's web service; the push authenticates with the
// Pass Type ID certificate (TLS client authentication). Google: the saved ticket's class and object are patched
// through the Google Wallet REST API with the service account's access token. This adapter knows no booking rule.

const TIMEOUT_MS = 10_000;

/** Apple's push service and what a pass-update push is signed in with. */
export type ApnsSettings = {
  /** host or host:port */
  host: string;
  /** Certificate authorities trusted for the host instead of the system's, or null. */
  ca: string | null;
  /** The Pass Type ID: the pushes' topic. */
  topic: string;
  cert: string;
  key: string;
  passphrase?: string;
};

/** APNs' answer to one push: its HTTP status (0 when none came) and the reason it gave. */
export type PushAnswer = { pushToken: string; status: number; reason: string | null };

/**
 * Pushes an empty update (`{}`) to each device token over one HTTP/2 connection: the device then asks the web
 * service which of its passes changed. A 200 is delivered, a 410 a token no longer in use.
 */
export async function pushPassUpdates(pushTokens: readonly string[], apns: ApnsSettings): Promise<PushAnswer[]> {
  if (pushTokens.length === 0) return [];
  const session = http2.connect(`https://${apns.host}`, {
    cert: apns.cert,
    key: apns.key,
    passphrase: apns.passphrase,
    ...(apns.ca ? { ca: apns.ca } : {}),
  });
  let sessionError: Error | null = null;
  // A connection that fails ends its streams; each push reports it.
  session.on("error", (error) => (sessionError = error));
  session.setTimeout(TIMEOUT_MS, () => session.destroy(new Error(`APNs did not answer within ${TIMEOUT_MS / 1000} s`)));
  try {
    return await Promise.all(
      pushTokens.map(
        (pushToken) =>
          new Promise<PushAnswer>((resolve) => {
            const request = session.request({
              ":method": "POST",
              ":path": `/3/device/${pushToken}`,
              "apns-topic": apns.topic,
              "content-type": "application/json",
            });
            let status = 0;
            let body = "";
            request.setEncoding("utf8");
            request.on("response", (headers) => (status = Number(headers[":status"])));
            request.on("data", (chunk: string) => (body += chunk.slice(0, 1000)));
            request.on("end", () => resolve({ pushToken, status, reason: apnsReason(body) }));
            request.on("error", (error) => resolve({ pushToken, status: 0, reason: (sessionError ?? error).message }));
            // A stream reset without an answer: no status, so the push is tried again.
            request.on("close", () => resolve({ pushToken, status, reason: apnsReason(body) }));
            request.end("{}");
          }),
      ),
    );
  } finally {
    session.close();
  }
}

function apnsReason(body: string) {
  try {
    const { reason } = JSON.parse(body) as { reason?: unknown };
    return typeof reason === "string" ? reason : null;
  } catch {
    return null;
  }
}

/** The service account that updates saved tickets, and where Google's token endpoint and REST API are. */
export type GoogleApi = { issuerId: string; clientEmail: string; privateKey: string; tokenUrl: string; apiUrl: string };

const WALLET_SCOPE = "https://www.googleapis.com/auth/wallet_object.issuer";
const accessTokens = new Map<string, { token: string; until: number }>();

/** An access token for the Wallet API: the service account's signed assertion exchanged (JWT bearer grant), kept. */
async function accessToken(google: GoogleApi) {
  const kept = accessTokens.get(google.clientEmail);
  if (kept && kept.until > Date.now()) return kept.token;
  const key = await importPKCS8(google.privateKey, "RS256");
  const assertion = await new SignJWT({ scope: WALLET_SCOPE })
    .setProtectedHeader({ alg: "RS256", typ: "JWT" })
    .setIssuer(google.clientEmail)
    .setAudience(google.tokenUrl)
    .setIssuedAt()
    .setExpirationTime("1h")
    .sign(key);
  const response = await fetch(google.tokenUrl, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "urn:ietf:params:oauth:grant-type:jwt-bearer", assertion }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!response.ok) throw new Error(`Google's token endpoint answered ${response.status}`);
  const { access_token: token, expires_in: seconds } = (await response.json()) as {
    access_token?: unknown;
    expires_in?: unknown;
  };
  if (typeof token !== "string") throw new Error("Google's token endpoint answered no access token");
  // Renewed a minute before it runs out.
  accessTokens.set(google.clientEmail, { token, until: Date.now() + (Number(seconds) || 3600) * 1000 - 60_000 });
  return token;
}

/** What Google answered to a ticket's update: saved (both patched), never saved (404), or a failure. */
export type GoogleUpdate = { ok: true; saved: boolean } | { ok: false; permanent: boolean; error: string };

/**
 * States a ticket's whole current truth in Google Wallet: its show's class (time, hall) and the booking's object
 * (seats, QR code, ACTIVE or INACTIVE). A 404 is a ticket nobody saved, which needs nothing.
 */
export async function updateGoogleTicket(ticket: WalletTicket, google: GoogleApi): Promise<GoogleUpdate> {
  try {
    const token = await accessToken(google);
    const ticketClass = eventTicketClass(ticket, google.issuerId);
    const ticketObject = eventTicketObject(ticket, google.issuerId);
    let saved = true;
    for (const [resource, body] of [
      ["eventTicketClass", ticketClass],
      ["eventTicketObject", ticketObject],
    ] as const) {
      const response = await fetch(`${google.apiUrl}/walletobjects/v1/${resource}/${encodeURIComponent(body.id)}`, {
        method: "PATCH",
        headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.arrayBuffer();
      // The object's answer is the one that says: a class is saved while any ticket of its show is.
      saved = response.status !== 404;
      if (saved && !response.ok)
        return {
          ok: false,
          // A refusal of the request itself is refused again; a busy or failing service may answer next time.
          permanent: response.status >= 400 && response.status < 500 && response.status !== 429,
          error: `Google Wallet answered ${response.status} to the ${resource} update`,
        };
    }
    return { ok: true, saved };
  } catch (error) {
    return { ok: false, permanent: false, error: error instanceof Error ? error.message : String(error) };
  }
}
