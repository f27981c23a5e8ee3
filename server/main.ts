// The server program: `node build/index.js <command>`. Remix bundles it with the app (remix.config.js `server`),
// so the app, its configuration and its database handle exist once in each process.
import * as build from "@remix-run/dev/server-build";
import type { ServerBuild } from "@remix-run/node";
import { backup, restore } from "./backups";
import { grantAdmin, makeNewDatabaseCopies, seed } from "./commands";
import { serveSite } from "./site";
import { superviseSite } from "./supervisor";

const [command = "serve", ...args] = process.argv.slice(2);
const entry = process.argv[1];

async function run(): Promise<number | void> {
  switch (command) {
    case "start":
      return superviseSite(entry);
    case "auth-emulator":
      return superviseSite(entry, { withSite: false });
    case "serve":
      return serveSite(build as unknown as ServerBuild);
    case "seed":
      return seed();
    case "grant-admin":
      return grantAdmin(args);
    case "backup":
      return backup(args);
    case "restore":
      return restore(args);
    case "new-database-copies":
      return makeNewDatabaseCopies();
    default:
      console.error(
        `Unknown command "${command}": use start, auth-emulator, serve, seed, grant-admin, backup or restore.`,
      );
      return 2;
  }
}

run().then(
  (code) => {
    if (typeof code === "number") process.exit(code);
  },
  (error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
