// Starts the site on the embedded default: PGlite in DATA_DIR (default .data/), the Firebase Auth emulator
// when no Firebase project is configured, and remix-serve on PORT.
import { spawn } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { startAuthEmulator } from "./auth-emulator.mjs";
import {
  adminAuth,
  embeddedEmulatorHost,
  projectId,
  setStaff,
  STAFF_EMAIL,
  STAFF_PASSWORD,
  usesEmbeddedIdentity,
} from "./identity.mjs";

const port = process.env.PORT || "3000";
const dataDir = !process.env.DATA_DIR?.startsWith("memory://")
  ? path.resolve(process.env.DATA_DIR || ".data")
  : os.tmpdir();
const children = [];
const SHUTDOWN_GRACE_MS = 8000;
let stopping = false;

function stop(signal, code = 0) {
  if (stopping) return;
  stopping = true;
  process.exitCode = code;
  // Signalled at once, so a copy of the same signal from the terminal is taken as one (firebase-tools
  // treats a second signal within 100 ms as the same); the emulator then exports its accounts and exits.
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  for (const child of running) child.kill(signal);
  // Whatever has not finished after the grace period is killed, so nothing is left running.
  const force = setTimeout(() => running.forEach((child) => child.kill("SIGKILL")), SHUTDOWN_GRACE_MS);
  Promise.all(running.map((child) => new Promise((resolve) => child.once("exit", resolve)))).then(() => {
    clearTimeout(force);
    process.exit();
  });
}
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => stop(signal));

async function startIdentity() {
  if (!usesEmbeddedIdentity()) return {};
  const id = projectId();
  if (!id.startsWith("demo-")) throw new Error(`The embedded Auth emulator needs a demo- project id, not "${id}"`);
  const [host, emulatorPort] = embeddedEmulatorHost().split(":");
  await startAuthEmulator({
    dir: path.join(dataDir, "identity"),
    host,
    port: emulatorPort,
    projectId: id,
    onSpawn(emulator) {
      children.push(emulator);
      emulator.on("exit", (code) => stop("SIGTERM", code || 1));
    },
  });
  const auth = adminAuth();
  await auth.getUserByEmail(STAFF_EMAIL).catch((error) => {
    if (error.code !== "auth/user-not-found") throw error;
    return auth.createUser({
      email: STAFF_EMAIL,
      password: STAFF_PASSWORD,
      displayName: "Marquee Staff",
      emailVerified: true,
    });
  });
  await setStaff(auth, STAFF_EMAIL, true);
  console.log(
    `Auth emulator on http://${host}:${emulatorPort} (project ${id}); accounts are kept in ${path.join(dataDir, "identity")}`,
  );
  console.log(`Staff account: ${STAFF_EMAIL} / ${STAFF_PASSWORD}`);
  return { FIREBASE_AUTH_EMULATOR_HOST: `${host}:${emulatorPort}`, FIREBASE_PROJECT_ID: id };
}

try {
  const identityEnv = await startIdentity();
  if (!stopping) {
    const server = spawn(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
      stdio: "inherit",
      env: { NODE_ENV: "production", ...process.env, ...identityEnv, PORT: port },
    });
    children.push(server);
    server.on("exit", (code) => stop("SIGTERM", code ?? 0));
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  stop("SIGTERM", 1);
}
