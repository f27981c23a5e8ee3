import { generateKeyPairSync, randomBytes } from "node:crypto";
import forge from "node-forge";

// For the wallet tests: keys and certificates made with node-forge, as the cinema's and Apple's would be, and the
// files of a pass.

/** A new RSA key pair (PEM: PKCS #8 and SPKI). */
export function keyPair() {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
    publicKeyEncoding: { type: "spki", format: "pem" },
  });
  return { privateKey, publicKey };
}

/**
 * A certificate for the public key of `keys`, signed by `issuer`, or by `keys` itself when none (a certificate
 * authority); `ip` names the address a server certificate is for.
 */
export function certificate(
  subject: string,
  keys: { publicKey: string; privateKey: string },
  issuer?: { cert: forge.pki.Certificate; key: string },
  ip?: string,
) {
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(keys.publicKey);
  cert.serialNumber = `01${randomBytes(8).toString("hex")}`;
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  cert.setSubject([{ name: "commonName", value: subject }]);
  cert.setIssuer(issuer ? issuer.cert.subject.attributes : [{ name: "commonName", value: subject }]);
  cert.setExtensions([
    { name: "basicConstraints", cA: !issuer },
    ...(ip ? [{ name: "subjectAltName", altNames: [{ type: 7, ip }] }] : []),
  ]);
  cert.sign(forge.pki.privateKeyFromPem(issuer?.key ?? keys.privateKey), forge.md.sha256.create());
  return cert;
}

/**
 * The cinema's Pass Type ID certificate and key under a WWDR-like authority, as Apple issues them: what signs a pass
 * and signs in to APNs.
 */
export function passTypeCertificates(passTypeIdentifier: string) {
  const wwdrKeys = keyPair();
  const wwdr = certificate("Test WWDR", wwdrKeys);
  const signerKeys = keyPair();
  const signer = certificate(passTypeIdentifier, signerKeys, { cert: wwdr, key: wwdrKeys.privateKey });
  return { wwdr, signer, signerKey: signerKeys.privateKey };
}

/** The files of a .pkpass: a zip whose entries are stored, as passkit-generator writes them. */
export function unzip(zip: Buffer) {
  const files: Record<string, Buffer> = {};
  let at = 0;
  while (zip.readUInt32LE(at) === 0x04034b50) {
    const size = zip.readUInt32LE(at + 18);
    const nameLength = zip.readUInt16LE(at + 26);
    const extraLength = zip.readUInt16LE(at + 28);
    const name = zip.subarray(at + 30, at + 30 + nameLength).toString();
    const start = at + 30 + nameLength + extraLength;
    files[name] = zip.subarray(start, start + size);
    at = start + size;
  }
  return files;
}
