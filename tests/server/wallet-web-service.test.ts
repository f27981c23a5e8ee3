import fs from "node:fs";
import path from "node:path";
import forge from "node-forge";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { passTypeCertificates, unzip } from "../unit/wallet-kit";
import { holdFirstFreeSeat, payThroughGateway, register, signIn, startSite, tempDataDir, type Site } from "./site";

// Apple Wallet's web service (decision 73) on the built site, through the whole request path: a customer's pass names
// the service and its token, and a device registers, asks what changed, fetches the pass and unregisters over HTTP.

const PASS_TYPE = "pass.com.example.marquee";
let site: Site;
let keysFolder: string;
let bookingId: string;
let pass: { webServiceURL: string; authenticationToken: string; serialNumber: string };

beforeAll(async () => {
  keysFolder = tempDataDir();
  const file = (name: string, text: string) => {
    fs.writeFileSync(path.join(keysFolder, name), text);
    return path.join(keysFolder, name);
  };
  const { wwdr, signer, signerKey } = passTypeCertificates(PASS_TYPE);
  site = await startSite({
    env: {
      APPLE_WALLET_PASS_TYPE_ID: PASS_TYPE,
      APPLE_WALLET_TEAM_ID: "TEAM123456",
      APPLE_WALLET_CERTIFICATE: file("signer.pem", forge.pki.certificateToPem(signer)),
      APPLE_WALLET_KEY: file("signer-key.pem", signerKey),
      APPLE_WALLET_WWDR: file("wwdr.pem", forge.pki.certificateToPem(wwdr)),
    },
  });
  const { email, password } = await register(site, `wallet-${Date.now()}@example.com`);
  const customer = (await signIn(site, email, password))!;
  bookingId = await holdFirstFreeSeat(site, customer);
  expect(await payThroughGateway(site, bookingId, customer)).toBe(true);
  const added = await fetch(`${site.url}/my-bookings/${bookingId}/wallet.pkpass`, { headers: { Cookie: customer } });
  expect(added.status).toBe(200);
  pass = JSON.parse(unzip(Buffer.from(await added.arrayBuffer()))["pass.json"].toString());
});
afterAll(async () => {
  expect(await site.stop()).toBe(0);
  fs.rmSync(site.dataDir, { recursive: true, force: true });
  fs.rmSync(keysFolder, { recursive: true, force: true });
});

const device = "a1b2c3d4e5f60718293a4b5c6d7e8f90";
const pushToken = "ab".repeat(32);
const service = (pathname: string, init: RequestInit = {}, token: string | null = pass.authenticationToken) =>
  fetch(`${pass.webServiceURL}/v1${pathname}`, {
    ...init,
    headers: { ...(token === null ? {} : { Authorization: `ApplePass ${token}` }), ...init.headers },
  });
const registration = () => `/devices/${device}/registrations/${PASS_TYPE}/${bookingId}`;

describe("Apple Wallet's web service", () => {
  it("is named by the customer's pass, with a token of at least 16 characters", () => {
    expect(pass.webServiceURL).toBe(`${site.url}/wallet/apple`);
    expect(pass.serialNumber).toBe(bookingId);
    expect(pass.authenticationToken.length).toBeGreaterThanOrEqual(16);
  });

  it("registers a device, lists its pass, serves it with Last-Modified and 304, and unregisters it", async () => {
    const body = JSON.stringify({ pushToken });
    expect((await service(registration(), { method: "POST", body })).status).toBe(201);
    expect((await service(registration(), { method: "POST", body })).status).toBe(200);

    const listed = await service(`/devices/${device}/registrations/${PASS_TYPE}`, {}, null);
    expect(listed.status).toBe(200);
    const { serialNumbers, lastUpdated } = (await listed.json()) as { serialNumbers: string[]; lastUpdated: string };
    expect(serialNumbers).toEqual([bookingId]);
    const later = String(Number(lastUpdated) + 61_000);
    expect((await service(`/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=${later}`)).status).toBe(
      204,
    );

    const latest = await service(`/passes/${PASS_TYPE}/${bookingId}`);
    expect(latest.status).toBe(200);
    expect(latest.headers.get("content-type")).toBe("application/vnd.apple.pkpass");
    const lastModified = latest.headers.get("last-modified")!;
    expect(JSON.parse(unzip(Buffer.from(await latest.arrayBuffer()))["pass.json"].toString())).toMatchObject({
      serialNumber: bookingId,
      voided: false,
    });
    const unchanged = await service(`/passes/${PASS_TYPE}/${bookingId}`, {
      headers: { "If-Modified-Since": lastModified },
    });
    expect(unchanged.status).toBe(304);

    expect((await service("/log", { method: "POST", body: JSON.stringify({ logs: ["a test line"] }) })).status).toBe(
      200,
    );
    expect((await service(registration(), { method: "DELETE" })).status).toBe(200);
    expect((await service(`/devices/${device}/registrations/${PASS_TYPE}`, {}, null)).status).toBe(204);
  });

  it("answers a wrong token 401 and junk 4xx, never 500", async () => {
    const wrong = "A".repeat(43);
    const answers: [Promise<Response>, number][] = [
      [service(registration(), { method: "POST", body: JSON.stringify({ pushToken }) }, wrong), 401],
      [service(registration(), { method: "POST", body: JSON.stringify({ pushToken }) }, null), 401],
      [service(`/passes/${PASS_TYPE}/${bookingId}`, {}, wrong), 401],
      [service(registration(), { method: "POST", body: "{" }), 400],
      [service(registration(), { method: "POST", body: JSON.stringify({ pushToken: "nope" }) }), 400],
      [service(registration(), { method: "POST", body: "x".repeat(100_000) }), 413],
      [service(`/devices/${device}/registrations/${PASS_TYPE}/not-a-serial`, { method: "POST", body: "{}" }), 400],
      [service(`/devices/${device}/registrations/${PASS_TYPE}?passesUpdatedSince=tomorrow`), 400],
      [service(`/devices/${"%00".repeat(3)}/registrations/${PASS_TYPE}`), 400],
      [service(registration(), { method: "PUT", body: "{}" }), 405],
      [service("/log", { method: "POST", body: "[]" }), 400],
    ];
    for (const [answer, status] of answers) expect((await answer).status).toBe(status);
  });
});
