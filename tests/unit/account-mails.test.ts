import { beforeEach, describe, expect, it, vi } from "vitest";
import type { MailMessage } from "~/services/mailer.server";

// Reset and sign-in link mails: the provider makes the one-time code when the worker sends the mail, and only for an
// address that has an account; the mail links to our own pages; staff never read the link.

const provider = vi.hoisted(() => ({ passwordResetCode: vi.fn(), signInLinkCode: vi.fn() }));
vi.mock("~/services/firebase-admin.server", async (original) => ({
  ...(await original<object>()),
  ...provider,
}));

// The provider's codes, as the Auth emulator keeps them: each works until it is used, whatever happened since.
const codes = vi.hoisted(() => ({ used: new Set<string>() }));
vi.mock("~/services/identity-toolkit.server", async (original) => ({
  ...(await original<object>()),
  checkPasswordResetCode: vi.fn(async (oobCode: string) =>
    codes.used.has(oobCode) ? { ok: false, reason: "invalid-code" } : { ok: true, value: { email: "ann@example.com" } },
  ),
  resetPasswordWithCode: vi.fn(async ({ oobCode }: { oobCode: string }) => {
    if (codes.used.has(oobCode)) return { ok: false, reason: "invalid-code" };
    codes.used.add(oobCode);
    return { ok: true, value: { email: "ann@example.com" } };
  }),
}));

const { checkPasswordResetLink, requestPasswordReset, requestSignInLink, resetPassword } =
  await import("~/models/accounts.server");
const { deliverDueMessages } = await import("~/models/outbox-worker.server");
const { getDb } = await import("~/services/db.server");
const { signInLinkProof } = await import("~/services/sign-in-links.server");

const ACCOUNTS = new Set(["ann@example.com"]);
const sent: MailMessage[] = [];
const mailer = async (message: MailMessage) => {
  sent.push(message);
  return { ok: true as const };
};
const sendDue = async () => {
  while ((await deliverDueMessages(mailer)) > 0);
};

async function outboxRow(recipient: string, kind: string) {
  const db = await getDb();
  const [row] = await db.query<{ status: string; note: string | null; textBody: string | null }>(
    `select status, note, text_body as "textBody" from outbox where recipient = $1 and kind = $2`,
    [recipient, kind],
  );
  return row;
}

beforeEach(async () => {
  sent.length = 0;
  await (await getDb()).query("delete from outbox");
  provider.passwordResetCode.mockImplementation(async (email: string) => (ACCOUNTS.has(email) ? "reset-code" : null));
  provider.signInLinkCode.mockImplementation(async (email: string) => (ACCOUNTS.has(email) ? "link-code" : null));
});

describe("a password reset", () => {
  it("mails a link to our reset page, and staff read the mail without it", async () => {
    expect(await requestPasswordReset("ann@example.com", { client: "10.0.0.1", knownDevice: false })).toEqual({
      ok: true,
    });
    expect(provider.passwordResetCode).not.toHaveBeenCalled();
    await sendDue();
    expect(sent.map((mail) => [mail.to, mail.subject])).toEqual([
      [{ name: "", address: "ann@example.com" }, "Reset your Marquee Cinemas password"],
    ]);
    expect(sent[0].text).toContain("Choose a new password: http://127.0.0.1:3000/reset-password?oobCode=reset-code");
    expect(sent[0].html).toContain('href="http://127.0.0.1:3000/reset-password?oobCode=reset-code"');
    const row = await outboxRow("ann@example.com", "password-reset");
    expect(row.status).toBe("sent");
    expect(row.textBody).toContain("Choose a new password: (the one-time link is left out here)");
    expect(row.textBody).not.toContain("reset-code");
  });

  it("is answered alike for an address without an account, and nothing is sent to it", async () => {
    expect(await requestPasswordReset("stranger@example.com", { client: "10.0.0.2", knownDevice: false })).toEqual({
      ok: true,
    });
    await sendDue();
    expect(sent).toEqual([]);
    expect(await outboxRow("stranger@example.com", "password-reset")).toMatchObject({
      status: "skipped",
      note: "No account has this address.",
    });
  });

  it("is tried again when the provider cannot make the code", async () => {
    provider.passwordResetCode.mockRejectedValueOnce(new Error("ECONNREFUSED"));
    await requestPasswordReset("ann@example.com", { client: "10.0.0.3", knownDevice: false });
    await sendDue();
    expect(await outboxRow("ann@example.com", "password-reset")).toMatchObject({ status: "pending" });
    expect(sent).toEqual([]);
  });
});

describe("a password reset's code", () => {
  const HOME = { client: "10.0.1.1", knownDevice: true };
  let made = 0;
  beforeEach(async () => {
    // Each test's mails, apart from the mail limits the others used.
    await (await getDb()).query("delete from rate_limit_hits");
    provider.passwordResetCode.mockImplementation(async () => `reset-code-${++made}`);
  });
  /** Asks for a reset mail and sends it; answers the code it carries. */
  async function mailedCode() {
    await requestPasswordReset("ann@example.com", HOME);
    await sendDue();
    return new URL(/http\S+reset-password\S+/.exec(sent.at(-1)!.text)![0]).searchParams.get("oobCode")!;
  }

  it("stops working, checked or used, once a code mailed after it changed the password", async () => {
    const older = await mailedCode();
    const newer = await mailedCode();
    expect(await checkPasswordResetLink(older)).toEqual({ ok: true, email: "ann@example.com" });
    expect(await resetPassword({ oobCode: newer, password: "Brand-new1" })).toEqual({ ok: true });
    expect(await checkPasswordResetLink(older)).toEqual({ ok: false, reason: "invalid-code" });
    expect(await resetPassword({ oobCode: older, password: "Other-one1" })).toEqual({
      ok: false,
      reason: "invalid-code",
    });
    expect(codes.used.has(older)).toBe(false);
  });

  it("made after a reset still works", async () => {
    await resetPassword({ oobCode: await mailedCode(), password: "Brand-new1" });
    const fresh = await mailedCode();
    expect(await checkPasswordResetLink(fresh)).toEqual({ ok: true, email: "ann@example.com" });
    expect(await resetPassword({ oobCode: fresh, password: "Again-new1" })).toEqual({ ok: true });
  });

  it("of two made before either was used, used at the same moment: one changes the password, the other is refused", async () => {
    const first = await mailedCode();
    const second = await mailedCode();
    const outcomes = await Promise.all([
      resetPassword({ oobCode: first, password: "Brand-new1" }),
      resetPassword({ oobCode: second, password: "Other-one1" }),
    ]);
    expect(outcomes).toContainEqual({ ok: true });
    expect(outcomes).toContainEqual({ ok: false, reason: "invalid-code" });
    expect([first, second].filter((code) => codes.used.has(code))).toHaveLength(1);
  });

  it("refused by the provider is given back: the account's other codes still work", async () => {
    const older = await mailedCode();
    const newer = await mailedCode();
    codes.used.add(newer); // as the provider would refuse an expired code
    expect(await resetPassword({ oobCode: newer, password: "Brand-new1" })).toEqual({
      ok: false,
      reason: "invalid-code",
    });
    expect(await resetPassword({ oobCode: older, password: "Brand-new1" })).toEqual({ ok: true });
  });

  it("that the site never mailed is refused", async () => {
    expect(await checkPasswordResetLink("made-elsewhere")).toEqual({ ok: false, reason: "invalid-code" });
  });
});

describe("a sign-in link", () => {
  it("links to our sign-in page with the code, the address and where to go next", async () => {
    expect(
      await requestSignInLink("ann@example.com", "/my-bookings?tab=paid", { client: "10.0.0.4", knownDevice: false }),
    ).toEqual({ ok: true });
    await sendDue();
    expect(provider.signInLinkCode).toHaveBeenCalledWith(
      "ann@example.com",
      "http://127.0.0.1:3000/login/email-link?email=ann%40example.com&redirectTo=%2Fmy-bookings%3Ftab%3Dpaid",
    );
    expect(sent[0].subject).toBe("Your Marquee Cinemas sign-in link");
    // With the site's proof that it mailed this code to this address (decision 53).
    const proof = signInLinkProof("ann@example.com", "link-code");
    expect(sent[0].text).toContain(
      `Sign in to Marquee Cinemas: http://127.0.0.1:3000/login/email-link?oobCode=link-code&email=ann%40example.com&proof=${proof}&redirectTo=%2Fmy-bookings%3Ftab%3Dpaid`,
    );
    expect((await outboxRow("ann@example.com", "sign-in-link")).textBody).not.toContain("link-code");
  });

  it("is sent to no address without an account", async () => {
    await requestSignInLink("stranger@example.com", "/", { client: "10.0.0.5", knownDevice: false });
    await sendDue();
    expect(sent).toEqual([]);
    expect((await outboxRow("stranger@example.com", "sign-in-link")).status).toBe("skipped");
  });
});
