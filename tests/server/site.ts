// The server tests' helpers live in scripts/lib/site.mjs, shared with `npm run prove`.
import { inject } from "vitest";
import { startSite as startSiteProcess } from "../../scripts/lib/site.mjs";

export {
  cpuMilliseconds,
  freePort,
  holdFirstFreeSeat,
  openGateway,
  payOnGateway,
  payThroughGateway,
  postForm,
  register,
  residentMegabytes,
  signedInCustomers,
  signedInStaff,
  signIn,
  tempDataDir,
} from "../../scripts/lib/site.mjs";

/**
 * The built site in processes of its own, its identity provider the server tests' shared Auth emulator
 * (tests/server/shared-auth-emulator.ts). The emulator a site brings is tested in tests/embedded-default/.
 */
export function startSite(options: Omit<NonNullable<Parameters<typeof startSiteProcess>[0]>, "identity"> = {}) {
  return startSiteProcess({ ...options, identity: inject("sharedAuthEmulator") });
}
export type Site = Awaited<ReturnType<typeof startSiteProcess>>;
