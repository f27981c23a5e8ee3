import { createHash } from "node:crypto";
import { getSessionSecrets } from "~/config.server";
import { signToken, verifyToken } from "./signed-tokens.server";

// A sign-in link carries, beside the provider's one-time code, the site's proof that it mailed that code to that
// address. The provider says whose the code is only when it uses it up, and a password someone else set for the address
// must stop working before the link signs in (decision 53): the proof says so first, so nobody can end an account's
// password with a code mailed to another address.

const PURPOSE = "sign-in-link";
const DIGEST_BYTES = 16;

const digestOf = (email: string, oobCode: string) =>
  createHash("sha256").update(`${email.toLowerCase()}\n${oobCode}`).digest().subarray(0, DIGEST_BYTES);

/** The proof that the site mailed `oobCode` to `email`, for the link's address. */
export function signInLinkProof(email: string, oobCode: string) {
  return signToken(PURPOSE, digestOf(email, oobCode), getSessionSecrets()[0]);
}

/** Whether `proof` says the site mailed `oobCode` to `email` (with any listed secret, so rotation keeps links). */
export function isSignInLinkProof(proof: string, email: string, oobCode: string) {
  const digest = verifyToken(PURPOSE, proof, DIGEST_BYTES, getSessionSecrets().filter(Boolean));
  return digest !== null && digest.equals(digestOf(email, oobCode));
}
