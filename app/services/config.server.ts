import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

function env(name: string, fallback: string) {
  const value = process.env[name];
  return value === undefined || value === "" ? fallback : value;
}

function validTimeZone(zone: string) {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    throw new Error(`CINEMA_TIMEZONE "${zone}" is not a known IANA time zone`);
  }
}

export const config = {
  databaseUrl: env("DATABASE_URL", ""),
  // "memory://" keeps everything in memory (unit tests); anything else is a folder.
  dataDir: env("DATA_DIR", ".data").startsWith("memory://") ? "memory://" : path.resolve(env("DATA_DIR", ".data")),
  timeZone: validTimeZone(env("CINEMA_TIMEZONE", "UTC")),
  currency: env("CURRENCY", "USD").toUpperCase(),
  // The embedded default serves plain HTTP on localhost; a deployment on PostgreSQL sits behind HTTPS.
  secureCookies: env("SECURE_COOKIES", process.env.DATABASE_URL ? "true" : "false") === "true",
};

/**
 * Cookies are signed with SESSION_SECRET (comma-separated to rotate). The embedded default makes one
 * and keeps it in the data folder, so sessions survive a restart. On PostgreSQL several instances
 * must share one secret, so there it has to be set.
 */
function sessionSecrets(): string[] {
  const fromEnv = process.env.SESSION_SECRET;
  if (fromEnv)
    return fromEnv
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean);
  if (config.databaseUrl) throw new Error("SESSION_SECRET must be set when DATABASE_URL is set");
  if (config.dataDir === "memory://") return [crypto.randomBytes(32).toString("hex")];
  const file = path.join(config.dataDir, "session-secret");
  try {
    return [fs.readFileSync(file, "utf8").trim()];
  } catch {
    const secret = crypto.randomBytes(32).toString("hex");
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return [secret];
  }
}

export const secrets = { session: sessionSecrets() };
