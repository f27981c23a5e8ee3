// The build `npm install` (its prepare script) and `npm start` run: `npm run build`, unless build/ was made from the
// files as they are now (every file git tracks or would track, and the installed dependencies), which a build notes
// in build/source-hash (decisions 37 and 41).
import { execFileSync, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import fs from "node:fs";

const NOTE = "build/source-hash";
const OUTPUTS = ["build/index.js", "public/build", "build/databases/sample-catalogue.tar.gz"];

function sourceHash() {
  let files;
  try {
    files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], { encoding: "utf8" });
  } catch {
    return null; // not a git checkout: always build
  }
  const hash = createHash("sha256");
  for (const file of [...files.split("\0").filter(Boolean), "node_modules/.package-lock.json"].sort()) {
    hash.update(`${file}\0`);
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
  }
  return hash.digest("hex");
}

const hash = sourceHash();
const built = OUTPUTS.every((output) => fs.existsSync(output)) && fs.existsSync(NOTE);
if (hash && built && fs.readFileSync(NOTE, "utf8") === hash) {
  console.log("build/ is current: not built again.");
  process.exit(0);
}
const build = spawnSync("npm", ["run", "--silent", "build"], { stdio: "inherit" });
if (build.status === 0 && hash) fs.writeFileSync(NOTE, hash);
process.exit(build.status ?? 1);
