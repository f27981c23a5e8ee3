// `npm run grant-admin -- <email>` makes an account staff; `-- --revoke <email>` takes the right away.
//
// The right is the custom claim admin:true in Firebase Auth, which the site reads live at every staff
// check and mirrors into its users table. The embedded PGlite database belongs to the running site
// alone, so this script only writes the database itself on PostgreSQL (DATABASE_URL).
import pg from "pg";
import { adminAuth, setStaff, usesEmbeddedIdentity } from "./identity.mjs";

const args = process.argv.slice(2);
const revoke = args.includes("--revoke");
const embedded = usesEmbeddedIdentity();
const email = args
  .find((arg) => !arg.startsWith("--"))
  ?.trim()
  .toLowerCase();
if (!email) {
  console.error("Usage: npm run grant-admin -- [--revoke] <email>");
  process.exit(2);
}

try {
  const uid = await setStaff(adminAuth(), email, !revoke);
  if (process.env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query("update users set is_staff = $2 where uid = $1", [uid, !revoke]);
    await client.end();
  }
  console.log(revoke ? `${email} is no longer staff; their sessions were ended.` : `${email} is now staff.`);
} catch (error) {
  const code = error?.code ?? error?.errorInfo?.code;
  if (code === "auth/user-not-found") console.error(`No account with the email ${email}.`);
  else if (embedded && /ECONNREFUSED/.test(String(error?.message)))
    console.error("The embedded Auth emulator is not running: start the site first (npm start), then run this again.");
  else console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
