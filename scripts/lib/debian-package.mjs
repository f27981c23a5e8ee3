// What the tests need from Debian (Chromium, PostgreSQL, nginx), installed when this machine allows it: Linux, root
// and apt-get. Elsewhere the caller says what is missing.
import { execFileSync, spawnSync } from "node:child_process";

/** Installs one Debian package; false when this machine cannot. */
export function installDebianPackage(name) {
  const canInstall =
    process.platform === "linux" && process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).status === 0;
  if (!canInstall) return false;
  console.log(`Installing Debian's ${name} package...`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  execFileSync("apt-get", ["update", "-qq"], { stdio: "inherit", env });
  execFileSync("apt-get", ["install", "-y", "-qq", "--no-install-recommends", name], { stdio: "inherit", env });
  return true;
}
