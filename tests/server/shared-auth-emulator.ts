// Vitest's global setup for the server tests: one Auth emulator, started alone, that the sites of tests not about the
// embedded emulator share (tests/server/site.ts). Each of those sites then starts in seconds, not half a minute.
import type { TestProject } from "vitest/node";
import { startAuthEmulatorAlone } from "../../scripts/lib/site.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    sharedAuthEmulator: { host: string; dataDir: string };
  }
}

export default async function startSharedAuthEmulator(project: TestProject) {
  const emulator = await startAuthEmulatorAlone();
  project.provide("sharedAuthEmulator", { host: emulator.host, dataDir: emulator.dataDir });
  return () => emulator.stop();
}
