// package.json's `engines` is what we claim to run on (decision 61): each package we install must itself accept every
// Node version in that claim, or the claim is not true.
import { readFileSync } from "node:fs";
import semver from "semver";
import { describe, expect, it } from "vitest";

type LockedPackage = { version?: string; engines?: { node?: string } | string[]; os?: string[] };
const read = (file: string) => JSON.parse(readFileSync(file, "utf8"));
const claimed: string = read("package.json").engines.node;
const locked: Record<string, LockedPackage> = read("package-lock.json").packages;

describe("the Node versions package.json claims", () => {
  it("are LTS lines only, 22 and 24, the ones the site is run and tested on", () => {
    expect(semver.validRange(claimed)).not.toBeNull();
    for (const major of [22, 24]) expect(semver.intersects(claimed, `${major}.x`), `Node ${major}`).toBe(true);
    for (const major of [18, 20, 23, 25, 26])
      expect(semver.intersects(claimed, `${major}.x`), `Node ${major}`).toBe(false);
  });

  it("are accepted by every package installed on Linux, where the site runs", () => {
    // Prebuilt binaries for other systems (sharp's for Windows, for one) are in the lock file but never installed.
    const refusing = Object.entries(locked)
      .filter(([, { os }]) => !os || os.includes("linux"))
      .filter(([name, { engines }]) => name && engines && !Array.isArray(engines) && engines.node)
      .map(([name, { version, engines }]) => ({ name, version, node: (engines as { node: string }).node }))
      .filter(({ node }) => !semver.subset(claimed, node));
    expect(refusing).toEqual([]);
  });
});
