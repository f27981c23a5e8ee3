import { afterEach, describe, expect, it, vi } from "vitest";
import { BATCH_SIZE, LEASE_SECONDS } from "~/models/outbox-worker.server";
import { passwordResetCode, PROVIDER_CALL_TIMEOUT_MS, signInLinkCode } from "~/services/firebase-admin.server";

// The identity provider's calls that make a reset or sign-in link are made by the outbox worker for a message it has
// leased: one that hangs must give up before the lease runs out, or another instance could send the same message.
// (A call that fails leaves its message to be tried again: tests/unit/account-mails.test.ts.)
const auth = vi.hoisted(() => ({
  getUserByEmail: vi.fn(),
  generatePasswordResetLink: vi.fn(),
  generateSignInWithEmailLink: vi.fn(),
}));
vi.mock("firebase-admin/auth", () => ({ getAuth: () => auth }));
vi.mock("firebase-admin/app", () => ({ getApps: () => [{}], initializeApp: vi.fn(), cert: vi.fn() }));

const never = () => new Promise<never>(() => {});

afterEach(() => {
  vi.useRealTimers();
  vi.resetAllMocks();
});

describe("the identity provider's link calls", () => {
  it("give up when the account lookup does not answer in time", async () => {
    vi.useFakeTimers();
    auth.getUserByEmail.mockImplementation(never);
    const asked = passwordResetCode("ann@example.com");
    const outcome = expect(asked).rejects.toThrow(`no answer within ${PROVIDER_CALL_TIMEOUT_MS} ms`);
    await vi.advanceTimersByTimeAsync(PROVIDER_CALL_TIMEOUT_MS);
    await outcome;
  });

  it("give up when making the link does not answer in time", async () => {
    vi.useFakeTimers();
    auth.getUserByEmail.mockResolvedValue({ disabled: false });
    auth.generateSignInWithEmailLink.mockImplementation(never);
    const asked = signInLinkCode("ann@example.com", "http://127.0.0.1:3000/login/email-link");
    const outcome = expect(asked).rejects.toThrow("no answer within");
    await vi.advanceTimersByTimeAsync(PROVIDER_CALL_TIMEOUT_MS);
    await outcome;
  });

  it("still answer the code when the provider answers in time", async () => {
    auth.getUserByEmail.mockResolvedValue({ disabled: false });
    auth.generatePasswordResetLink.mockResolvedValue("https://example.firebaseapp.com/__/auth/action?oobCode=abc");
    expect(await passwordResetCode("ann@example.com")).toBe("abc");
  });

  it("fit a whole leased batch, two calls a message, well inside the lease", () => {
    expect(BATCH_SIZE * 2 * PROVIDER_CALL_TIMEOUT_MS).toBeLessThan((LEASE_SECONDS * 1000) / 4);
  });
});
