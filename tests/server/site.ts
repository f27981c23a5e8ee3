// The server tests' helpers live in scripts/lib/site.mjs, shared with `npm run prove`.
import { type startSite } from "../../scripts/lib/site.mjs";

export {
  freePort,
  postForm,
  register,
  residentMegabytes,
  signIn,
  startSite,
  tempDataDir,
} from "../../scripts/lib/site.mjs";
export type Site = Awaited<ReturnType<typeof startSite>>;
