import { useFetcher } from "@remix-run/react";
import { useState } from "react";
import { useHydrated } from "~/hooks/use-hydrated";

export type GoogleConfig = { apiKey: string; authDomain: string; projectId: string; emulatorUrl: string | null };

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
 * the page is interactive. The Firebase SDK is only downloaded when the button is clicked.
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

async function googleIdToken(config: GoogleConfig) {
  const [{ getApps, initializeApp }, auth] = await Promise.all([import("firebase/app"), import("firebase/auth")]);
  const existing = getApps()[0];
  const app =
    existing ?? initializeApp({ apiKey: config.apiKey, authDomain: config.authDomain, projectId: config.projectId });
  // The server keeps the session; the browser keeps no Firebase sign-in of its own.
  const client = existing
    ? auth.getAuth(app)
    : auth.initializeAuth(app, {
        persistence: auth.inMemoryPersistence,
        popupRedirectResolver: auth.browserPopupRedirectResolver,
      });
  if (config.emulatorUrl && !client.emulatorConfig)
    auth.connectAuthEmulator(client, config.emulatorUrl, { disableWarnings: true });
  const credential = await auth.signInWithPopup(client, new auth.GoogleAuthProvider());
  const idToken = await credential.user.getIdToken();
  await auth.signOut(client);
  return idToken;
}
