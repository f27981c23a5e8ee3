import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";
import type { GoogleConfig } from "./google-popup";

const POPUP_MESSAGES: Record<string, string> = {
  "auth/popup-closed-by-user": "Google sign-in was cancelled.",
  "auth/cancelled-popup-request": "Google sign-in was cancelled.",
  "auth/popup-blocked": "Your browser blocked the sign-in window. Allow pop-ups for this site and try again.",
  "auth/network-request-failed": "We could not reach Google. Check your connection and try again.",
  "auth/unauthorized-domain": "Google sign-in is not set up for this address.",
};
const FALLBACK_MESSAGE = "Google sign-in did not work. Please try again or use your email and password.";

/**
 * Google sign-in runs in a popup, so it needs JavaScript: the button stays disabled with a note until
 * the page is interactive. The popup's code and the Firebase SDK are only downloaded when the button is clicked.
 */
export function GoogleSignIn({
  config,
  redirectTo,
  rememberInputId,
}: {
  config: GoogleConfig;
  redirectTo: string;
  rememberInputId?: string;
}) {
  const fetcher = useFetcher<{ error?: string }>();
  const interactive = useHydrated();
  const [popupError, setPopupError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);

  async function signIn() {
    setPopupError(null);
    setOpening(true);
    try {
      const { googleIdToken } = await import("./google-popup");
      const idToken = await googleIdToken(config);
      const remember =
        rememberInputId && (document.getElementById(rememberInputId) as HTMLInputElement | null)?.checked;
      fetcher.submit(
        { idToken, redirectTo, remember: remember ? "on" : "" },
        { method: "post", action: "/auth/google" },
      );
    } catch (error) {
      setPopupError(POPUP_MESSAGES[(error as { code?: string }).code ?? ""] ?? FALLBACK_MESSAGE);
    } finally {
      setOpening(false);
    }
  }

  const message = popupError ?? fetcher.data?.error;
  const busy = opening || fetcher.state !== "idle";
  return (
    <div className="google-sign-in">
      <p className="auth-divider">
        <span>or</span>
      </p>
      <button
        type="button"
        className="button button-google"
        onClick={signIn}
        disabled={!interactive || busy}
        aria-describedby="google-note"
      >
        <span aria-hidden="true" className="google-mark">
          G
        </span>{" "}
        Continue with Google
      </button>
      <p
        id="google-note"
        className={`google-note ${message ? "field-error" : "field-note"}`}
        role={message ? "alert" : undefined}
      >
        {message ?? (interactive ? null : "Google sign-in needs JavaScript.")}
      </p>
    </div>
  );
}
