import { config } from "~/config.server";

// npm start opens the site while the embedded Auth emulator is still starting (about 20 s, most of it firebase-tools
// loading), so the first page answers at once (decision 41). Until the supervisor says the emulator is ready, the
// site asks it nothing: an emulator answers before it has imported the saved accounts, and would say a customer's
// account does not exist. Meanwhile sign-in says the service cannot be reached, and /healthz fails its identity check.
let starting = config.embeddedEmulator.starting;

// The site process and npm start's supervisor speak over the IPC channel the supervisor opens: the site says it waits
// once it listens for the answer, and the supervisor answers when the emulator is ready, whichever comes first.
export const IDENTITY_WAITING_MESSAGE = "identity-waiting";
export const IDENTITY_READY_MESSAGE = "identity-ready";

/** In the site process: waits for IDENTITY_READY_MESSAGE when the emulator was still starting at launch. */
export function listenForIdentityReady() {
  if (!starting) return;
  const onMessage = (message: unknown) => {
    if (message !== IDENTITY_READY_MESSAGE) return;
    starting = false;
    // Without a listener the IPC channel no longer keeps the process alive.
    process.off("message", onMessage);
  };
  process.on("message", onMessage);
  process.send?.(IDENTITY_WAITING_MESSAGE);
}

/** Throws while the embedded emulator is still starting; an error of ours, not the provider's (no `auth/` code). */
export function assertIdentityReady() {
  if (starting) throw new Error("The embedded Auth emulator is still starting");
}

export const identityIsStarting = () => starting;
