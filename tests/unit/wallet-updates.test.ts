import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

// A pass already in a wallet follows its booking (decision 73), offline: this file's site has both wallets configured,
// with certificates made here, Apple's push service an HTTP/2 TLS server of the test's own that checks the client
// certificate, and Google's token endpoint and REST API a local server that checks the signed assertion and the
// bearer token. The web service's routes are called as Remix calls them.

const fakes = await vi.hoisted(async () => {
  const fs = await import("node:fs");
  const os = await import("node:os");
  const path = await import("node:path");
  const http = await import("node:http");
  const http2 = await import("node:http2");
  const forge = (await import("node-forge")).default;
  const { importSPKI, jwtVerify } = await import("jose");
  const { certificate, keyPair, passTypeCertificates } = await import("./wallet-kit");
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "wallet-updates-"));
  const pem = (name: string, text: string) => {
    fs.writeFileSync(path.join(folder, name), text);
    return path.join(folder, name);
  };

  // The cinema's Pass Type ID certificate under a WWDR-like authority: it signs passes and signs in to APNs.
  const { wwdr, signer, signerKey } = passTypeCertificates("pass.com.example.marquee");
  // APNs' own server certificate, under an authority only the site's APPLE_WALLET_APNS_CA trusts.
  const apnsCaKeys = keyPair();
  const apnsCa = certificate("Test APNs CA", apnsCaKeys);
  const apnsKeys = keyPair();
  const apnsCert = certificate("127.0.0.1", apnsKeys, { cert: apnsCa, key: apnsCaKeys.privateKey }, "127.0.0.1");

  type Push = { path: string; topic: unknown; body: string; clientCertificate: string; authorized: boolean };
  const pushes: Push[] = [];
  /** Push tokens APNs answers 410 for (the device no longer has the pass), and 503 for (APNs is busy). */
  const goneTokens = new Set<string>();
  const busyTokens = new Set<string>();
  const apns = http2.createSecureServer({
    key: apnsKeys.privateKey,
    cert: forge.pki.certificateToPem(apnsCert),
    ca: forge.pki.certificateToPem(wwdr),
    requestCert: true,
    rejectUnauthorized: true,
  });
  apns.on("stream", (stream, headers) => {
    let body = "";
    stream.setEncoding("utf8");
    stream.on("data", (chunk: string) => (body += chunk));
    stream.on("end", () => {
      const socket = stream.session!.socket as TLSSocket;
      const path = String(headers[":path"]);
      pushes.push({
        path,
        topic: headers["apns-topic"],
        body,
        clientCertificate: String(socket.getPeerCertificate().subject.CN),
        authorized: socket.authorized,
      });
      const token = path.slice("/3/device/".length);
      const [status, reason] = goneTokens.has(token)
        ? [410, "Unregistered"]
        : busyTokens.has(token)
          ? [503, "ServiceUnavailable"]
          : [200, null];
      stream.respond({ ":status": status, "content-type": "application/json" });
      stream.end(reason ? JSON.stringify({ reason }) : "");
    });
  });
  await new Promise<void>((resolve) => apns.listen(0, "127.0.0.1", resolve));

  // Google: the service account, its token endpoint and the Wallet REST API.
  const account = keyPair();
  const ACCESS_TOKEN = "ya29.test-access-token";
  const tokenRequests: { scope: unknown; issuer: unknown; grantType: string | null }[] = [];
  const patches: { path: string; authorization: string | undefined; body: Record<string, unknown> }[] = [];
  /** The ids of the objects and classes saved in someone's Google Wallet; any other is 404. */
  const saved = new Set<string>();
  const google = http.createServer((request, response) => {
    let text = "";
    request.setEncoding("utf8");
    request.on("data", (chunk: string) => (text += chunk));
    request.on("end", async () => {
      const address = `http://127.0.0.1:${(google.address() as AddressInfo).port}`;
      if (request.method === "POST" && request.url === "/token") {
        const form = new URLSearchParams(text);
        try {
          const { payload } = await jwtVerify(
            form.get("assertion") ?? "",
            await importSPKI(account.publicKey, "RS256"),
            {
              audience: `${address}/token`,
            },
          );
          tokenRequests.push({ scope: payload.scope, issuer: payload.iss, grantType: form.get("grant_type") });
          response.writeHead(200, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ access_token: ACCESS_TOKEN, expires_in: 3599, token_type: "Bearer" }));
        } catch {
          response.writeHead(400, { "Content-Type": "application/json" });
          response.end(JSON.stringify({ error: "invalid_grant" }));
        }
        return;
      }
      const match = /^\/walletobjects\/v1\/(eventTicketClass|eventTicketObject)\/([^/]+)$/.exec(request.url ?? "");
      if (request.method !== "PATCH" || !match) {
        response.writeHead(404).end();
        return;
      }
      patches.push({ path: request.url!, authorization: request.headers.authorization, body: JSON.parse(text) });
      if (request.headers.authorization !== `Bearer ${ACCESS_TOKEN}`) response.writeHead(401).end();
      else if (!saved.has(decodeURIComponent(match[2]))) response.writeHead(404).end();
      else response.writeHead(200, { "Content-Type": "application/json" }).end(text);
    });
  });
  await new Promise<void>((resolve) => google.listen(0, "127.0.0.1", resolve));
  const googlePort = (google.address() as AddressInfo).port;
  const apnsPort = (apns.address() as AddressInfo).port;

  Object.assign(process.env, {
    APPLE_WALLET_PASS_TYPE_ID: "pass.com.example.marquee",
    APPLE_WALLET_TEAM_ID: "TEAM123456",
    APPLE_WALLET_CERTIFICATE: pem("signer.pem", forge.pki.certificateToPem(signer)),
    APPLE_WALLET_KEY: pem("signer-key.pem", signerKey),
    APPLE_WALLET_WWDR: pem("wwdr.pem", forge.pki.certificateToPem(wwdr)),
    APPLE_WALLET_APNS_HOST: `127.0.0.1:${apnsPort}`,
    APPLE_WALLET_APNS_CA: pem("apns-ca.pem", forge.pki.certificateToPem(apnsCa)),
    GOOGLE_WALLET_ISSUER_ID: "3388000000012345678",
    GOOGLE_WALLET_SERVICE_ACCOUNT: JSON.stringify({
      client_email: "wallet@marquee-test.iam.gserviceaccount.com",
      private_key: account.privateKey,
    }),
    GOOGLE_WALLET_TOKEN_URL: `http://127.0.0.1:${googlePort}/token`,
    GOOGLE_WALLET_API_URL: `http://127.0.0.1:${googlePort}`,
  });
  const close = () => {
    apns.close();
    google.close();
    fs.rmSync(folder, { recursive: true, force: true });
  };
  return { pushes, goneTokens, busyTokens, tokenRequests, patches, saved, close };
});

import { cancelBooking } from "~/models/cancellations.server";
import { deliverDueMessages } from "~/models/outbox-worker.server";
import { cancelShow, moveShow } from "~/models/show-changes.server";
import { passAuthenticationToken } from "~/models/wallet-passes.server";
import { queueWalletUpdate } from "~/models/wallet-updates.server";
import * as passRoute from "~/routes/wallet.apple.v1.passes.$passTypeId.$serialNumber";
import * as registrationRoute from "~/routes/wallet.apple.v1.devices.$deviceId.registrations.$passTypeId.$serialNumber";
import * as serialsRoute from "~/routes/wallet.apple.v1.devices.$deviceId.registrations.$passTypeId";
import * as logRoute from "~/routes/wallet.apple.v1.log";
import { getDb } from "~/services/db.server";
import { folderMailer } from "~/services/mailer.server";
import { addHall, addMovie, addShow, addUser, payForBooking } from "./fixtures";
import { unzip } from "./wallet-kit";
import { bookSeats } from "~/models/seat-booking.server";

const MOVIE = "t-wallet-updates";
const DAY = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
const PASS_TYPE = "pass.com.example.marquee";
const ISSUER = "3388000000012345678";
const BASE = "http://127.0.0.1:3000/wallet/apple/v1";
let hour = 8;

afterAll(() => fakes.close());
beforeAll(() => addMovie(MOVIE, { title: "Night Train" }));
beforeEach(() => {
  fakes.pushes.length = 0;
  fakes.patches.length = 0;
});
afterEach(() => vi.useRealTimers());

/** A paid booking of two seats, of a show of its own. */
async function paidBooking() {
  const show = await addShow(MOVIE, `${DAY}T${String(hour++).padStart(2, "0")}:00:00Z`, { priceCents: 6100 });
  const user = await addUser(undefined, { name: "Ann Lee" });
  const held = await bookSeats({
    userUid: user,
    movieId: MOVIE,
    day: DAY,
    showId: show,
    seats: ["A1", "A2"],
    requestToken: randomUUID(),
  });
  if (!held.ok) throw new Error(`booking failed: ${held.reason}`);
  const paid = await payForBooking(user, held.booking.id);
  if (!paid.ok) throw new Error(`payment failed: ${paid.reason}`);
  return { show, user, bookingId: held.booking.id };
}

const pushToken = () => randomUUID().replaceAll("-", "").repeat(2);
const deviceId = () => randomUUID().replaceAll("-", "");
const context = {} as never;

/** A request to the web service, as Remix hands it to the route: its params from the address. */
function serviceRequest(path: string, init: RequestInit & { token?: string } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `ApplePass ${init.token}`);
  return new Request(`${BASE}${path}`, { ...init, headers });
}

async function register(device: string, bookingId: string, token: string, body: unknown, passType = PASS_TYPE) {
  const request = serviceRequest(`/devices/${device}/registrations/${passType}/${bookingId}`, {
    method: "POST",
    token,
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  return registrationRoute.action({
    request,
    params: { deviceId: device, passTypeId: passType, serialNumber: bookingId },
    context,
  });
}

async function unregister(device: string, bookingId: string, token: string) {
  const request = serviceRequest(`/devices/${device}/registrations/${PASS_TYPE}/${bookingId}`, {
    method: "DELETE",
    token,
  });
  return registrationRoute.action({
    request,
    params: { deviceId: device, passTypeId: PASS_TYPE, serialNumber: bookingId },
    context,
  });
}

async function serialsSince(device: string, tag?: string) {
  const query = tag === undefined ? "" : `?passesUpdatedSince=${encodeURIComponent(tag)}`;
  const request = serviceRequest(`/devices/${device}/registrations/${PASS_TYPE}${query}`);
  return serialsRoute.loader({ request, params: { deviceId: device, passTypeId: PASS_TYPE }, context });
}

async function fetchPass(bookingId: string, token: string, ifModifiedSince?: string) {
  const request = serviceRequest(`/passes/${PASS_TYPE}/${bookingId}`, {
    token,
    headers: ifModifiedSince ? { "If-Modified-Since": ifModifiedSince } : {},
  });
  return passRoute.loader({ request, params: { passTypeId: PASS_TYPE, serialNumber: bookingId }, context });
}

async function passJson(response: Response) {
  return JSON.parse(unzip(Buffer.from(await response.arrayBuffer()))["pass.json"].toString());
}

async function registrationsOf(bookingId: string) {
  return (await getDb()).query<{ device: string; pushToken: string }>(
    `select device_library_identifier as device, push_token as "pushToken" from wallet_registrations
     where booking_id = $1 order by push_token`,
    [bookingId],
  );
}

async function walletJobsOf(bookingId: string) {
  return (await getDb()).query<{ status: string; note: string | null; textBody: string | null; error: string | null }>(
    `select status, note, text_body as "textBody", last_error as error from outbox
     where kind = 'wallet-update' and payload->>'bookingId' = $1 order by created_at`,
    [bookingId],
  );
}

const mailer = folderMailer(`${process.env.TMPDIR ?? "/tmp"}/wallet-updates-mail-${process.pid}`);
async function runWorker() {
  while ((await deliverDueMessages(mailer)) > 0);
}

describe("Apple Wallet's web service", () => {
  it("registers a device once, lists its changed passes since a tag, serves the pass, and unregisters it", async () => {
    const { bookingId } = await paidBooking();
    const token = passAuthenticationToken(bookingId);
    const device = deviceId();
    const first = pushToken();

    expect((await register(device, bookingId, token, { pushToken: first })).status).toBe(201);
    const again = await register(device, bookingId, token, { pushToken: first.toUpperCase() });
    expect(again.status).toBe(200);
    expect(await registrationsOf(bookingId)).toEqual([{ device, pushToken: first.toUpperCase() }]);

    const all = await serialsSince(device);
    expect(all.status).toBe(200);
    const listed = (await all.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(listed.serialNumbers).toEqual([bookingId]);
    // A tag over a minute after the last change: nothing changed since.
    expect((await serialsSince(device, String(Number(listed.lastUpdated) + 61_000))).status).toBe(204);

    const pass = await fetchPass(bookingId, token);
    expect(pass.status).toBe(200);
    expect(pass.headers.get("Content-Type")).toBe("application/vnd.apple.pkpass");
    expect(await passJson(pass)).toMatchObject({
      serialNumber: bookingId,
      webServiceURL: "http://127.0.0.1:3000/wallet/apple",
      authenticationToken: token,
      voided: false,
    });
    const lastModified = pass.headers.get("Last-Modified")!;
    expect((await fetchPass(bookingId, token, lastModified)).status).toBe(304);
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    expect((await fetchPass(bookingId, token, earlier)).status).toBe(200);

    expect((await unregister(device, bookingId, token)).status).toBe(200);
    expect(await registrationsOf(bookingId)).toEqual([]);
    expect((await serialsSince(device)).status).toBe(204);
  });

  it("refuses another pass's token, or none, with 401, and changes nothing", async () => {
    const { bookingId } = await paidBooking();
    const other = await paidBooking();
    const device = deviceId();
    const wrong = passAuthenticationToken(other.bookingId);
    expect((await register(device, bookingId, wrong, { pushToken: pushToken() })).status).toBe(401);
    expect((await register(device, bookingId, "", { pushToken: pushToken() })).status).toBe(401);
    expect((await fetchPass(bookingId, wrong)).status).toBe(401);
    const token = passAuthenticationToken(bookingId);
    await register(device, bookingId, token, { pushToken: pushToken() });
    expect((await unregister(device, bookingId, wrong)).status).toBe(401);
    expect(await registrationsOf(bookingId)).toHaveLength(1);
    // The right token under another pass type is no pass of this cinema's.
    expect((await register(device, bookingId, token, { pushToken: pushToken() }, "pass.com.other")).status).toBe(401);
  });

  it("answers junk with 4xx, never 500, and stores nothing", async () => {
    const { bookingId } = await paidBooking();
    const token = passAuthenticationToken(bookingId);
    const cases: [Promise<Response>, number][] = [
      [register("bad device!", bookingId, token, { pushToken: pushToken() }), 400],
      [register("x".repeat(200), bookingId, token, { pushToken: pushToken() }), 400],
      [register(deviceId(), "not-a-uuid", token, { pushToken: pushToken() }), 400],
      [register(deviceId(), bookingId, token, { pushToken: "<script>" }), 400],
      [register(deviceId(), bookingId, token, { pushToken: "ab".repeat(500) }), 400],
      [register(deviceId(), bookingId, token, {}), 400],
      [register(deviceId(), bookingId, token, "{not json"), 400],
      [register(deviceId(), bookingId, token, JSON.stringify({ pushToken: "a".repeat(20_000) })), 413],
      [serialsSince(deviceId(), "yesterday"), 400],
      [serialsSince(deviceId(), "9".repeat(40)), 400],
      [fetchPass("../etc/passwd", token), 400],
      [fetchPass(bookingId, "x".repeat(5000)), 401],
      [fetchPass(randomUUID(), token), 401],
    ];
    for (const [answer, status] of cases) expect((await answer).status).toBe(status);
    expect(await registrationsOf(bookingId)).toEqual([]);
  });

  it("keeps a device's log lines and refuses a body that is not one", async () => {
    const post = (body: string) =>
      logRoute.action({ request: serviceRequest("/log", { method: "POST", body }), params: {}, context });
    expect((await post(JSON.stringify({ logs: ["Could not fetch pass"] }))).status).toBe(200);
    expect((await post(JSON.stringify({ logs: "not a list" }))).status).toBe(400);
    expect((await post("junk")).status).toBe(400);
  });
});

describe("a change to what a pass shows", () => {
  it("moving a show queues one job per paid booking with the move, and the worker pushes and patches", async () => {
    const { show, bookingId } = await paidBooking();
    const token = passAuthenticationToken(bookingId);
    const [phone, watch] = [pushToken(), pushToken()];
    const phoneDevice = deviceId();
    await register(phoneDevice, bookingId, token, { pushToken: phone });
    await register(deviceId(), bookingId, token, { pushToken: watch });
    fakes.goneTokens.add(watch);
    fakes.saved.add(`${ISSUER}.booking-${bookingId}`);
    fakes.saved.add(`${ISSUER}.marquee-show-${show}`);
    const paidTag = (await (await serialsSince(phoneDevice)).json()) as { lastUpdated: string };
    // A tag over a minute after the payment: nothing to fetch, until the show moves (two minutes on).
    const laterTag = String(Number(paidTag.lastUpdated) + 61_000);
    expect((await serialsSince(phoneDevice, laterTag)).status).toBe(204);
    const hall = await addHall("A 1 2 3 4", { name: `Screen moved ${randomUUID()}` });

    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 120_000);
    const moved = await moveShow("test-staff", show, { hallId: hall, time: `${DAY}T23:40`, confirmedPaid: 1 });
    expect(moved).toMatchObject({ ok: true, paidBookings: 1 });
    expect(await walletJobsOf(bookingId)).toMatchObject([{ status: "pending" }]);
    expect(fakes.pushes).toEqual([]);

    await runWorker();
    expect(fakes.pushes.map(({ path }) => path).sort()).toEqual([`/3/device/${phone}`, `/3/device/${watch}`].sort());
    for (const push of fakes.pushes)
      expect(push).toMatchObject({
        topic: PASS_TYPE,
        body: "{}",
        clientCertificate: "pass.com.example.marquee",
        authorized: true,
      });
    // APNs said the watch's token is gone: it is registered no more.
    expect((await registrationsOf(bookingId)).map(({ pushToken }) => pushToken)).toEqual([phone]);
    expect(fakes.tokenRequests.at(-1)).toEqual({
      scope: "https://www.googleapis.com/auth/wallet_object.issuer",
      issuer: "wallet@marquee-test.iam.gserviceaccount.com",
      grantType: "urn:ietf:params:oauth:grant-type:jwt-bearer",
    });
    const startsAt = new Date(`${DAY}T23:40:00Z`).toISOString();
    expect(fakes.patches).toMatchObject([
      {
        path: `/walletobjects/v1/eventTicketClass/${ISSUER}.marquee-show-${show}`,
        authorization: "Bearer ya29.test-access-token",
        body: {
          dateTime: { start: startsAt },
          venue: { name: { defaultValue: { value: expect.stringMatching(/Screen moved/) } } },
        },
      },
      {
        path: `/walletobjects/v1/eventTicketObject/${ISSUER}.booking-${bookingId}`,
        authorization: "Bearer ya29.test-access-token",
        body: { state: "ACTIVE", validTimeInterval: { start: { date: startsAt } } },
      },
    ]);
    expect(await walletJobsOf(bookingId)).toMatchObject([
      {
        status: "sent",
        textBody: "Apple Wallet: pushed to 1 of 2 devices, 1 no longer registered\nGoogle Wallet: ticket updated",
      },
    ]);

    // The device asks what changed since its tag, and fetches the pass with the new time and hall.
    const changed = (await (await serialsSince(phoneDevice, laterTag)).json()) as { serialNumbers: string[] };
    expect(changed.serialNumbers).toEqual([bookingId]);
    const pass = await passJson(await fetchPass(bookingId, token));
    expect(pass.relevantDate).toBe(startsAt);
    expect(pass.eventTicket.auxiliaryFields[0].value).toMatch(/^Screen moved/);
  });

  it("cancelling a booking queues the job with the cancellation; the ticket then says it no longer admits", async () => {
    const { user, bookingId } = await paidBooking();
    const token = passAuthenticationToken(bookingId);
    const phone = pushToken();
    await register(deviceId(), bookingId, token, { pushToken: phone });

    expect(await cancelBooking(user, bookingId)).toMatchObject({ ok: true });
    expect(await walletJobsOf(bookingId)).toMatchObject([{ status: "pending" }]);
    await runWorker();
    expect(fakes.pushes.map(({ path }) => path)).toEqual([`/3/device/${phone}`]);
    // Nobody saved it to Google Wallet: its 404s are no failure.
    expect(fakes.patches.map(({ path, body }) => [path.split("/")[3], body.state])).toEqual([
      ["eventTicketClass", undefined],
      ["eventTicketObject", "INACTIVE"],
    ]);
    expect(await walletJobsOf(bookingId)).toMatchObject([
      { status: "sent", textBody: "Apple Wallet: pushed to 1 of 1 devices\nGoogle Wallet: ticket never saved" },
    ]);
    expect((await passJson(await fetchPass(bookingId, token))).voided).toBe(true);
  });

  it("cancelling a show queues the job for each paid booking, none for a hold let go", async () => {
    const { show, bookingId } = await paidBooking();
    const user = await addUser(undefined, { name: "Bo Held" });
    const held = await bookSeats({
      userUid: user,
      movieId: MOVIE,
      day: DAY,
      showId: show,
      seats: ["B1"],
      requestToken: randomUUID(),
    });
    if (!held.ok) throw new Error(`booking failed: ${held.reason}`);
    expect(await cancelShow("test-staff", show, 1)).toMatchObject({ ok: true, refunded: 1, released: 1 });
    expect(await walletJobsOf(bookingId)).toMatchObject([{ status: "pending" }]);
    expect(await walletJobsOf(held.booking.id)).toEqual([]);
  });

  it("is queued in the change's own transaction: a change rolled back queues nothing", async () => {
    const { bookingId } = await paidBooking();
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await queueWalletUpdate(tx, bookingId);
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await walletJobsOf(bookingId)).toEqual([]);
    await db.transaction((tx) => queueWalletUpdate(tx, bookingId));
    expect(await walletJobsOf(bookingId)).toHaveLength(1);
  });

  it("is tried again while APNs is busy", async () => {
    const { bookingId } = await paidBooking();
    const busy = pushToken();
    fakes.busyTokens.add(busy);
    await register(deviceId(), bookingId, passAuthenticationToken(bookingId), { pushToken: busy });
    await (await getDb()).transaction((tx) => queueWalletUpdate(tx, bookingId));
    await runWorker();
    expect(fakes.pushes.map(({ path }) => path)).toEqual([`/3/device/${busy}`]);
    expect(await walletJobsOf(bookingId)).toMatchObject([
      { status: "pending", error: "APNs answered 503 (ServiceUnavailable)" },
    ]);
    expect(await registrationsOf(bookingId)).toHaveLength(1);
  });
});
