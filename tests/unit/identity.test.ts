import { afterEach, describe, expect, it, vi } from "vitest";
import { accountFailure } from "~/http/account-failures.server";
import {
  checkPasswordResetCode,
  resetPasswordWithCode,
  signInWithEmailLink,
  signInWithPassword,
  signUpWithPassword,
} from "~/services/identity-toolkit.server";

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );
}
const providerError = (message: string) => ({ error: { code: 400, message } });
const credentials = { email: "ann@example.com", password: "Secret123" };

afterEach(() => vi.unstubAllGlobals());

describe("Identity Toolkit answers", () => {
  it("maps every wrong-credentials code to one reason", async () => {
    for (const code of ["INVALID_LOGIN_CREDENTIALS", "EMAIL_NOT_FOUND", "INVALID_PASSWORD", "USER_DISABLED"]) {
      answer(400, providerError(code));
      expect(await signInWithPassword(credentials)).toEqual({ ok: false, reason: "invalid-credentials" });
    }
  });

  it("maps sign-up failures to messages that reveal no other account", async () => {
    answer(400, providerError("EMAIL_EXISTS"));
    expect(await signUpWithPassword({ ...credentials, displayName: "Ann" })).toEqual({
      ok: false,
      reason: "email-exists",
    });
    expect(accountFailure({ reason: "email-exists" }).message).not.toMatch(/exists|already (used|registered)/i);
    answer(400, providerError("WEAK_PASSWORD : Password should be at least 6 characters"));
    expect(await signUpWithPassword({ ...credentials, displayName: "Ann" })).toEqual({
      ok: false,
      reason: "weak-password",
    });
    answer(400, providerError("TOO_MANY_ATTEMPTS_TRY_LATER : Try again later"));
    expect(await signInWithPassword(credentials)).toEqual({ ok: false, reason: "too-many-attempts" });
  });

  it("reports an unreachable or broken provider as unavailable", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    vi.spyOn(console, "error").mockImplementation(() => {});
    expect(await signInWithPassword(credentials)).toEqual({ ok: false, reason: "unavailable" });
    answer(500, "<html>oops</html>");
    expect(await signInWithPassword(credentials)).toEqual({ ok: false, reason: "unavailable" });
  });

  it("reads a used, expired or foreign link code as invalid, and a good reset code as its email", async () => {
    for (const code of ["INVALID_OOB_CODE", "EXPIRED_OOB_CODE"]) {
      answer(400, providerError(code));
      expect(await checkPasswordResetCode("code"), code).toEqual({ ok: false, reason: "invalid-code" });
      expect(await resetPasswordWithCode({ oobCode: "code", newPassword: "Secret123" })).toEqual({
        ok: false,
        reason: "invalid-code",
      });
      expect(await signInWithEmailLink({ email: "ann@example.com", oobCode: "code" })).toEqual({
        ok: false,
        reason: "invalid-code",
      });
    }
    // A sign-in link's code is no reset code.
    answer(200, { requestType: "EMAIL_SIGNIN" });
    expect(await checkPasswordResetCode("code")).toEqual({ ok: false, reason: "invalid-code" });
    answer(200, { requestType: "PASSWORD_RESET", email: "ann@example.com" });
    expect(await checkPasswordResetCode("code")).toEqual({ ok: true, value: { email: "ann@example.com" } });
  });

  it("returns the tokens of a successful sign-in", async () => {
    answer(200, { idToken: "id", localId: "uid-1" });
    expect(await signInWithPassword(credentials)).toEqual({ ok: true, value: { idToken: "id", localId: "uid-1" } });
  });
});
