import { createHash } from "node:crypto";
import { importSPKI, jwtVerify } from "jose";
import forge from "node-forge";
import { beforeAll, describe, expect, it } from "vitest";
import { walletLinks } from "~/models/wallet-passes.server";
import { queueWalletUpdate } from "~/models/wallet-updates.server";
import { getDb } from "~/services/db.server";
import { applePass, googleSaveUrl, type WalletTicket } from "~/services/wallet-passes.server";
import { keyPair, passTypeCertificates, unzip } from "./wallet-kit";

// Wallet passes (decision 73), checked offline: the Apple pass's manifest and signature against a certificate made
// here with node-forge as the cinema's would be (a Pass Type ID certificate under Apple's WWDR one), and the Google
// save link's JWT with the service account's public key.

const TICKET: WalletTicket = {
  bookingId: "3f2a9c1b-0000-4000-8000-000000000001",
  showId: "9d1e0000-0000-4000-8000-000000000002",
  reference: "3F2A9C1B",
  title: "Dune: Part Two",
  startsAt: "2031-06-20T19:30:00.000Z",
  endsAt: "2031-06-20T22:16:00.000Z",
  when: "Fri, Jun 20, 7:30 PM",
  hallName: "Screen 3 Premium",
  seats: ["D4", "D5"],
  address: "1 Marquee Lane, Springfield",
  qrMessage: "http://127.0.0.1:3000/admin/check-in/abc.def",
  voided: false,
};

/**
 * Checks a detached PKCS #7 signature of `content` as Wallet does: the digest it signs is the content's, its signer
 * certificate was issued by `ca`, and the signature over the signed attributes verifies with that certificate's key.
 * node-forge parses the structure but does not verify it, so the steps are done here.
 */
function verifyDetachedSignature(signature: Buffer, content: Buffer, ca: forge.pki.Certificate) {
  const message = forge.pkcs7.messageFromAsn1(
    forge.asn1.fromDer(signature.toString("binary")),
  ) as forge.pkcs7.PkcsSignedData & {
    rawCapture: { authenticatedAttributes: forge.asn1.Asn1[]; signature: string };
  };
  const signer = message.certificates.find((cert) => cert.subject.getField("CN").value === "pass.com.example.marquee")!;
  expect(ca.verify(signer)).toBe(true);
  const attributes = message.rawCapture.authenticatedAttributes;
  const digestAttribute = attributes.find(
    (attribute) =>
      forge.asn1.derToOid((attribute.value as forge.asn1.Asn1[])[0].value as string) === forge.pki.oids.messageDigest,
  )!;
  const signedDigest = ((digestAttribute.value as forge.asn1.Asn1[])[1].value as forge.asn1.Asn1[])[0].value as string;
  expect(Buffer.from(signedDigest, "binary").toString("hex")).toBe(createHash("sha1").update(content).digest("hex"));
  const signedSet = forge.asn1.create(forge.asn1.Class.UNIVERSAL, forge.asn1.Type.SET, true, attributes);
  const digest = forge.md.sha1.create().update(forge.asn1.toDer(signedSet).getBytes());
  return (signer.publicKey as forge.pki.rsa.PublicKey).verify(digest.digest().getBytes(), message.rawCapture.signature);
}

describe("the Apple Wallet pass", () => {
  const { wwdr, signer, signerKey } = passTypeCertificates("pass.com.example.marquee");
  const signing = {
    passTypeIdentifier: "pass.com.example.marquee",
    teamIdentifier: "TEAM123456",
    signerCert: forge.pki.certificateToPem(signer),
    signerKey: signerKey,
    wwdr: forge.pki.certificateToPem(wwdr),
  };

  it("shows the QR code, seats, show time, hall and the cinema's address, for this booking", async () => {
    const files = unzip(await applePass(TICKET, signing, null));
    expect(Object.keys(files).sort()).toEqual(["icon.png", "icon@2x.png", "manifest.json", "pass.json", "signature"]);
    const pass = JSON.parse(files["pass.json"].toString());
    expect(pass).toMatchObject({
      passTypeIdentifier: "pass.com.example.marquee",
      teamIdentifier: "TEAM123456",
      serialNumber: TICKET.bookingId,
      relevantDate: TICKET.startsAt,
      expirationDate: TICKET.endsAt,
      voided: false,
      barcodes: [{ format: "PKBarcodeFormatQR", message: TICKET.qrMessage, altText: "3F2A9C1B" }],
    });
    const fields = Object.values(pass.eventTicket as Record<string, { label: string; value: string }[]>)
      .flat()
      .map(({ label, value }) => `${label}: ${value}`);
    expect(fields).toEqual([
      "Film: Dune: Part Two",
      "Show: Fri, Jun 20, 7:30 PM",
      "Hall: Screen 3 Premium",
      "Seats: D4, D5",
      "Booking ID: 3F2A9C1B",
      "Cinema: Marquee Cinemas, 1 Marquee Lane, Springfield",
    ]);
  });

  it("lists every file's SHA-1 in its manifest, which the cinema's certificate signs", async () => {
    const files = unzip(await applePass(TICKET, signing, null));
    const manifest = JSON.parse(files["manifest.json"].toString()) as Record<string, string>;
    const hashed = Object.keys(files).filter((name) => name !== "manifest.json" && name !== "signature");
    expect(Object.keys(manifest).sort()).toEqual(hashed.sort());
    for (const name of hashed) expect(manifest[name]).toBe(createHash("sha1").update(files[name]).digest("hex"));
    expect(verifyDetachedSignature(files.signature, files["manifest.json"], wwdr)).toBe(true);
    // An edited manifest no longer matches what was signed.
    expect(() =>
      verifyDetachedSignature(files.signature, Buffer.concat([files["manifest.json"], Buffer.from(" ")]), wwdr),
    ).toThrow();
  });

  it("names the web service its wallet asks for updates, with the pass's own token", async () => {
    const webService = { webServiceURL: "https://marquee.example/wallet/apple", authenticationToken: "t".repeat(43) };
    const files = unzip(await applePass(TICKET, signing, webService));
    expect(JSON.parse(files["pass.json"].toString())).toMatchObject(webService);
    const withoutService = JSON.parse(unzip(await applePass(TICKET, signing, null))["pass.json"].toString());
    expect(withoutService).not.toHaveProperty("webServiceURL");
  });

  it("is void for a cancelled booking", async () => {
    const files = unzip(await applePass({ ...TICKET, voided: true }, signing, null));
    expect(JSON.parse(files["pass.json"].toString()).voided).toBe(true);
  });
});

describe("the Google Wallet save link", () => {
  const account = keyPair();
  const signing = {
    issuerId: "3388000000012345678",
    clientEmail: "wallet@marquee-test.iam.gserviceaccount.com",
    privateKey: account.privateKey,
    siteOrigin: "https://marquee.example",
  };

  it("carries a JWT the service account signed, with the show as a class and the booking as its object", async () => {
    const url = await googleSaveUrl(TICKET, signing);
    expect(url).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = url.slice(url.lastIndexOf("/") + 1);
    const { payload, protectedHeader } = await jwtVerify(jwt, await importSPKI(account.publicKey, "RS256"), {
      issuer: signing.clientEmail,
      audience: "google",
    });
    expect(protectedHeader.alg).toBe("RS256");
    expect(payload).toMatchObject({ typ: "savetowallet", origins: ["https://marquee.example"] });
    const { eventTicketClasses, eventTicketObjects } = payload.payload as {
      eventTicketClasses: Record<string, unknown>[];
      eventTicketObjects: Record<string, unknown>[];
    };
    expect(eventTicketClasses[0]).toMatchObject({
      id: `3388000000012345678.marquee-show-${TICKET.showId}`,
      eventName: { defaultValue: { value: "Dune: Part Two" } },
      venue: {
        name: { defaultValue: { value: "Marquee Cinemas, Screen 3 Premium" } },
        address: { defaultValue: { value: "1 Marquee Lane, Springfield" } },
      },
      dateTime: { start: TICKET.startsAt, end: TICKET.endsAt },
    });
    expect(eventTicketObjects[0]).toMatchObject({
      id: `3388000000012345678.booking-${TICKET.bookingId}`,
      state: "ACTIVE",
      ticketNumber: "3F2A9C1B",
      seatInfo: { seat: { defaultValue: { value: "D4, D5" } } },
      barcode: { type: "QR_CODE", value: TICKET.qrMessage },
    });
  });

  it("does not verify with another key", async () => {
    const jwt = (await googleSaveUrl(TICKET, signing)).split("/").at(-1)!;
    await expect(jwtVerify(jwt, await importSPKI(keyPair().publicKey, "RS256"))).rejects.toThrow();
  });
});

describe("the ticket's wallet buttons", () => {
  it("are not offered while the cinema has configured no wallet (the unit tests' configuration)", () => {
    expect(walletLinks(TICKET.bookingId)).toEqual({ apple: null, google: null });
  });
});

describe("a change to what a pass shows, with no wallet configured", () => {
  // The file's database, loaded before the test's clock starts.
  beforeAll(() => getDb());

  it("queues no wallet update and records no change", async () => {
    const db = await getDb();
    await db.transaction((tx) => queueWalletUpdate(tx, TICKET.bookingId));
    const [{ jobs, changes }] = await db.query<{ jobs: number; changes: number }>(
      `select (select count(*) from outbox where kind = 'wallet-update') as jobs,
              (select count(*) from wallet_pass_changes) as changes`,
    );
    expect({ jobs, changes }).toEqual({ jobs: 0, changes: 0 });
  });
});
