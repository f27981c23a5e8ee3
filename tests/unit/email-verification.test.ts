import { randomUUID } from "node:crypto";
import { beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { MailMessage } from "~/services/mailer.server";

// Confirming a password account's address (decision 63): a mail queued with the account at sign-up and on asking
// again, a link to our own page, and a confirmed address that brings its guest bookings into the account.

const identity = vi.hoisted(() => ({
  // The provider's confirmation codes: the account each verifies, until it is used.
  codes: new Map<string, { localId: string; email: string }>(),
  signUpWithPassword: vi.fn(),
  applyEmailVerificationCode: vi.fn(),
}));
vi.mock("~/services/identity-toolkit.server", async (original) => ({ ...(await original<object>()), ...identity }));
const provider = vi.hoisted(() => ({ emailVerificationCode: vi.fn() }));
vi.mock("~/services/firebase-admin.server", async (original) => ({ ...(await original<object>()), ...provider }));

const { registerAccount, requestEmailVerification, verifyEmail } = await import("~/models/accounts.server");
const { listBookings } = await import("~/models/bookings.server");
const { findBookingOwner } = await import("~/models/guests.server");
const { deliverDueMessages } = await import("~/models/outbox-worker.server");
const { bookSeats } = await import("~/models/seat-booking.server");
const { findUnverifiedEmail } = await import("~/models/users.server");
const { getDb } = await import("~/services/db.server");
const { addMovie, addShow } = await import("./fixtures");

const MOVIE = "t-verify";
const DAY = "2031-07-20";
let show: string;

async function bookAsGuest(email: string, seat: string) {
  const guest = { name: "Gail Guest", email };
  const result = await bookSeats({
    movieId: MOVIE,
    day: DAY,
    showId: show,
    seats: [seat],
    requestToken: randomUUID(),
    guest,
    passBookingIds: [],
  });
  if (!result.ok) throw new Error(`refused: ${result.reason}`);
  return result.booking;
}

/** Signs up a new account with a fresh address; answers its uid and email. */
async function signUp(client = "10.9.0.1") {
  const uid = `uid-${randomUUID()}`;
  const email = `verify-${randomUUID()}@example.com`;
  identity.signUpWithPassword.mockResolvedValueOnce({ ok: true, value: { idToken: "token", localId: uid } });
  expect(await registerAccount({ fullName: "Vera Fied", email, password: "Right-pass1" }, client)).toMatchObject({
    ok: true,
  });
  return { uid, email };
}

async function queuedFor(email: string) {
  const db = await getDb();
  return db.query<{ kind: string; status: string; textBody: string | null; note: string | null }>(
    `select kind, status, text_body as "textBody", note from outbox where recipient = $1 order by created_at`,
    [email],
  );
}

const sent: MailMessage[] = [];
const mailer = async (message: MailMessage) => {
  sent.push(message);
  return { ok: true as const };
};
const sendDue = async () => {
  while ((await deliverDueMessages(mailer)) > 0);
};

beforeAll(async () => {
  await addMovie(MOVIE, { title: "Verify Test", runtime: 100 });
  show = await addShow(MOVIE, `${DAY}T19:30:00Z`);
});

beforeEach(async () => {
  sent.length = 0;
  identity.codes.clear();
  identity.applyEmailVerificationCode.mockImplementation(async (oobCode: string) => {
    const account = identity.codes.get(oobCode);
    if (!account) return { ok: false, reason: "invalid-code" };
    identity.codes.delete(oobCode);
    return { ok: true, value: account };
  });
  provider.emailVerificationCode.mockResolvedValue("verify-code");
  await (await getDb()).query("delete from outbox");
});

describe("signing up with a password", () => {
  it("records the account, unconfirmed, with its confirmation mail queued beside it", async () => {
    const { uid, email } = await signUp();
    expect(await findUnverifiedEmail(uid)).toBe(email);
    expect((await queuedFor(email)).map((row) => [row.kind, row.status])).toEqual([["email-verification", "pending"]]);
  });

  it("records nothing and queues nothing when the provider refuses the sign-up", async () => {
    const email = `taken-${randomUUID()}@example.com`;
    identity.signUpWithPassword.mockResolvedValueOnce({ ok: false, reason: "email-exists" });
    const result = await registerAccount({ fullName: "Vera", email, password: "Right-pass1" }, "10.9.0.2");
    expect(result).toEqual({ ok: false, reason: "email-exists" });
    expect(await queuedFor(email)).toEqual([]);
  });

  it("mails a link to our confirmation page, and staff read the mail without it", async () => {
    const { email } = await signUp("10.9.0.3");
    await sendDue();
    expect(provider.emailVerificationCode).toHaveBeenCalledWith(email);
    expect(sent.map((mail) => [mail.to.address, mail.subject])).toEqual([
      [email, "Confirm your email for Marquee Cinemas"],
    ]);
    expect(sent[0].text).toContain("Confirm my email: http://127.0.0.1:3000/verify-email?oobCode=verify-code");
    expect(sent[0].text).toContain("any bookings you made as a guest with this address move to My Bookings");
    const [row] = await queuedFor(email);
    expect(row.status).toBe("sent");
    expect(row.textBody).toContain("(the one-time link is left out here)");
    expect(row.textBody).not.toContain("verify-code");
  });

  it("sends nothing once the address is confirmed (or has no account)", async () => {
    const { email } = await signUp("10.9.0.4");
    provider.emailVerificationCode.mockResolvedValue(null);
    await sendDue();
    expect(sent).toEqual([]);
    expect((await queuedFor(email)).map((row) => row.status)).toEqual(["skipped"]);
  });
});

describe("opening the confirmation link", () => {
  it("confirms the address and brings its guest bookings into the account at once", async () => {
    const { uid, email } = await signUp("10.9.1.1");
    const booking = await bookAsGuest(email, "A1");
    identity.codes.set("good-code", { localId: uid, email });
    expect(await verifyEmail("good-code")).toEqual({ ok: true, email, claimed: 1 });
    expect((await listBookings(uid)).map((b) => b.id)).toEqual([booking.id]);
    expect(await findBookingOwner(booking.id)).toBeNull();
    expect(await findUnverifiedEmail(uid)).toBeNull();
  });

  it("changes nothing for a used, expired or made-up code", async () => {
    const { uid, email } = await signUp("10.9.1.2");
    const booking = await bookAsGuest(email, "A2");
    identity.codes.set("good-code", { localId: uid, email });
    expect(await verifyEmail("made-up")).toEqual({ ok: false, reason: "invalid-code" });
    expect(await listBookings(uid)).toEqual([]);
    expect((await findBookingOwner(booking.id))?.email).toBe(email);
    expect(await findUnverifiedEmail(uid)).toBe(email);
    expect(await verifyEmail("good-code")).toMatchObject({ ok: true, claimed: 1 });
    expect(await verifyEmail("good-code")).toEqual({ ok: false, reason: "invalid-code" });
  });
});

describe("asking for the link again", () => {
  it("queues another mail, a few an hour, and none once the address is confirmed", async () => {
    const { uid, email } = await signUp("10.9.2.1");
    await (await getDb()).query("delete from outbox");
    for (let i = 0; i < 3; i++) expect(await requestEmailVerification(uid, "10.9.2.1")).toEqual({ ok: true, email });
    expect(await requestEmailVerification(uid, "10.9.2.1")).toMatchObject({ ok: false, reason: "throttled" });
    expect((await queuedFor(email)).map((row) => row.kind)).toEqual([
      "email-verification",
      "email-verification",
      "email-verification",
    ]);
    identity.codes.set("good-code", { localId: uid, email });
    await verifyEmail("good-code");
    expect(await requestEmailVerification(uid, "10.9.2.2")).toEqual({ ok: false, reason: "already-verified" });
    expect(await queuedFor(email)).toHaveLength(3);
  });
});
