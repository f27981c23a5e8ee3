// The test server's mail: with no SMTP_URL it writes each mail as an .eml file in its data folder's outbox/, which
// these steps read as a mail program would.
import fs from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";
import { simpleParser, type ParsedMail } from "mailparser";

const outboxFolder = () => path.join(process.env.E2E_DATA_DIR!, "outbox");

/** Every mail sent to `email` so far whose subject matches. */
export async function mailsTo(email: string, subject: RegExp): Promise<ParsedMail[]> {
  const files = fs.existsSync(outboxFolder()) ? fs.readdirSync(outboxFolder()).filter((f) => f.endsWith(".eml")) : [];
  const mails = await Promise.all(
    files.map((file) => simpleParser(fs.readFileSync(path.join(outboxFolder(), file)), { keepCidLinks: true })),
  );
  return mails.filter((mail) => mail.to && "text" in mail.to && mail.to.text === email && subject.test(mail.subject!));
}

/** The one mail to `email` whose subject matches, once it has arrived. */
export async function theMail(email: string, subject: RegExp): Promise<ParsedMail> {
  await expect.poll(async () => (await mailsTo(email, subject)).length, { timeout: 15_000 }).toBe(1);
  return (await mailsTo(email, subject))[0];
}

/** The address of the link in a mail's text that starts with `path`, relative to the site. */
export function linkIn(mail: ParsedMail, pathname: string) {
  const url = new RegExp(`https?://[^/\\s]+(${pathname.replace(/[.?]/g, "\\$&")}\\S*)`).exec(mail.text ?? "");
  if (!url) throw new Error(`no ${pathname} link in:\n${mail.text}`);
  return url[1];
}
