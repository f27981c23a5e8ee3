// Accounts for the tests, made directly in the test server's Auth emulator.
import fs from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";

/**
 * The test server's Auth emulator: it runs on a free port, which npm start writes down in the data folder once it is
 * up (so it is read when first needed, not when the tests are listed).
 */
function emulator() {
  const state = path.join(process.env.E2E_DATA_DIR!, "identity", "emulator.json");
  return `http://${JSON.parse(fs.readFileSync(state, "utf8")).host}`;
}
const PROJECT = "demo-marquee";
const toolkit = () => `${emulator()}/identitytoolkit.googleapis.com/v1`;
// The emulator lets the "owner" token do what firebase-admin does against a real project.
const OWNER = { Authorization: "Bearer owner", "Content-Type": "application/json" };

export type Account = { uid: string; email: string; password: string; name: string };

export function uniqueEmail(prefix = "user") {
  return `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

async function call(
  url: string,
  body: unknown,
  headers: Record<string, string> = { "Content-Type": "application/json" },
) {
  const response = await fetch(url, { method: "POST", headers, body: JSON.stringify(body) });
  const data = await response.json();
  if (!response.ok) throw new Error(`${url}: ${JSON.stringify(data)}`);
  return data;
}

export async function createAccount({ staff = false, prefix = "customer" } = {}): Promise<Account> {
  const email = uniqueEmail(prefix);
  const password = "Passw0rd-test";
  // Staff are told apart by name where pages list them (takings, the record of changes): each has one of their own.
  const name = staff ? `Test Staff ${email.split("@")[0].slice(-6)}` : "Test Customer";
  const { localId } = await call(`${toolkit()}/accounts:signUp?key=demo-api-key`, {
    email,
    password,
    displayName: name,
  });
  if (staff) await setStaffClaim(localId, true);
  return { uid: localId, email, password, name };
}

export async function setStaffClaim(uid: string, isStaff: boolean) {
  await call(
    `${toolkit()}/projects/${PROJECT}/accounts:update`,
    { localId: uid, customAttributes: JSON.stringify({ admin: isStaff }) },
    OWNER,
  );
}

/** The account stored for an email in the emulator, or undefined. */
export async function findAccount(email: string): Promise<{ localId: string; displayName?: string } | undefined> {
  const { users } = await call(`${toolkit()}/projects/${PROJECT}/accounts:lookup`, { email: [email] }, OWNER);
  return users?.[0];
}

export async function passwordResetCodes(email: string) {
  const response = await fetch(`${emulator()}/emulator/v1/projects/${PROJECT}/oobCodes`);
  const { oobCodes } = (await response.json()) as {
    oobCodes: { email: string; requestType: string; oobCode: string }[];
  };
  return oobCodes.filter((code) => code.email === email && code.requestType === "PASSWORD_RESET");
}

/** Chooses a new password through the latest reset link mailed to `email`, as its owner would. */
export async function resetPassword(email: string, newPassword: string) {
  // The site mails it from its outbox, a moment after answering.
  await expect.poll(async () => (await passwordResetCodes(email)).length).toBeGreaterThan(0);
  const { oobCode } = (await passwordResetCodes(email)).at(-1)!;
  await call(`${toolkit()}/accounts:resetPassword?key=demo-api-key`, { oobCode, newPassword });
}

/** Signs the page's browser in through the site's own /login action (the session cookie lands in the context). */
export async function signIn(page: Page, account: Account) {
  const response = await page.request.post("/login", {
    form: { email: account.email, password: account.password },
    maxRedirects: 0,
  });
  expect(response.status(), "sign-in through /login").toBe(302);
}
