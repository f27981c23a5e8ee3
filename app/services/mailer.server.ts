import fs from "node:fs/promises";
import path from "node:path";
import nodemailer from "nodemailer";
import { config } from "~/config.server";
import { isSingleMailbox } from "~/schemas/fields";
import { isUuid } from "~/utils/uuid";

// Delivers mails the outbox decided to send: to an SMTP server, or (the embedded default) as .eml files in the data
// folder. It knows nothing of why a mail is sent; it only says whether it went, and whether trying again could help.

/** One recipient, as an object: nodemailer parses a string as a list of addresses, which may name other inboxes. */
export type MailAddress = { name: string; address: string };

export type MailMessage = {
  /** The outbox row's id: names the .eml file, so a mail sent again replaces its own file. */
  id: string;
  messageId: string;
  from: string;
  to: MailAddress;
  subject: string;
  text: string;
  html: string;
  /** Images the HTML part shows by content id (`<img src="cid:…">`). */
  inlineImages?: { cid: string; filename: string; content: Buffer; contentType: string }[];
  /** An iCalendar file (RFC 6047): a calendar program offers to add, update or take out its event. */
  calendar?: { method: "PUBLISH" | "CANCEL"; filename: string; content: string };
};

/** A failure is permanent when the receiver refused the message itself: sending it again would be refused too. */
export type DeliveryResult = { ok: true } | { ok: false; permanent: boolean; error: string };
export type Mailer = (message: MailMessage) => Promise<DeliveryResult>;

// Well inside the outbox's lease, so a send still running when the lease ends cannot be sent a second time.
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };

function mailOptions(message: MailMessage) {
  const { messageId, from, to, subject, text, html, inlineImages = [], calendar } = message;
  return {
    messageId,
    from,
    to,
    subject,
    text,
    html,
    // RFC 3834: an automatic mail, so out-of-office replies and auto-forwarders leave it alone.
    headers: { "Auto-Submitted": "auto-generated" },
    attachments: inlineImages.map((image) => ({ ...image, contentDisposition: "inline" as const })),
    ...(calendar && { icalEvent: calendar }),
  };
}

const describe = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * `send`, for a recipient that is one mailbox; any other (an address stored before the forms were strict, say) is
 * refused for good.
 */
function oneMailboxOnly(send: Mailer): Mailer {
  return async (message) =>
    isSingleMailbox(message.to.address)
      ? send(message)
      : { ok: false, permanent: true, error: `Not one mailbox: ${message.to.address}` };
}

/** Mails through an SMTP server (smtp:// or smtps:// URL with any user and password in it). */
export function smtpMailer(url: string): Mailer {
  const transport = nodemailer.createTransport({ url, ...SMTP_TIMEOUTS });
  return oneMailboxOnly(async (message) => {
    try {
      await transport.sendMail(mailOptions(message));
      return { ok: true };
    } catch (error) {
      // 5xx: the server refused this message for good (unknown mailbox, say); 4xx and lost connections may pass later.
      const code = (error as { responseCode?: number }).responseCode;
      return { ok: false, permanent: code !== undefined && code >= 500, error: describe(error) };
    }
  });
}

const emlFile = (folder: string, id: string) => path.join(folder, `${id}.eml`);

/**
 * Mails as .eml files in `folder` (made 0700, files 0600: they may hold sign-in links). Each is written whole to a
 * temporary name and then renamed, so a reader never sees half a message.
 */
export function folderMailer(folder: string): Mailer {
  // CRLF line ends, as RFC 5322 asks of a message (and as SMTP would carry it).
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "windows" });
  return oneMailboxOnly(async (message) => {
    try {
      const { message: raw } = await transport.sendMail(mailOptions(message));
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const file = emlFile(folder, message.id);
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, raw as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      return { ok: true };
    } catch (error) {
      return { ok: false, permanent: false, error: describe(error) };
    }
  });
}

let configured: Mailer | undefined;

/** The mailer configuration names: SMTP_URL's server, else the data folder's outbox. */
export function configuredMailer(): Mailer {
  const { smtpUrl, folder } = config.mail;
  if (!smtpUrl && !folder) throw new Error("Mails need SMTP_URL or a data folder on disk");
  configured ??= smtpUrl ? smtpMailer(smtpUrl) : folderMailer(folder!);
  return configured;
}

/** The .eml file of a mail written to the data folder; null when mails go through SMTP or the id is not an outbox id. */
function savedMailFile(id: string) {
  const { folder } = config.mail;
  // The id names a file: nothing but an outbox id may, or a path could reach out of the folder.
  return folder && isUuid(id) ? emlFile(folder, id) : null;
}

/** Whether a mail was written to the data folder (and is still there). */
export async function hasSavedMail(id: string) {
  const file = savedMailFile(id);
  return (
    file !== null &&
    (await fs.stat(file).then(
      (stat) => stat.isFile(),
      () => false,
    ))
  );
}

/** A mail written to the data folder, as its .eml file; null when there is none. */
export async function readSavedMail(id: string): Promise<Buffer | null> {
  const file = savedMailFile(id);
  return file ? fs.readFile(file).catch(() => null) : null;
}

/** The domain of an address such as `"Marquee" <no-reply@marquee.example>`, for Message-IDs of our own. */
export function senderDomain(from: string) {
  return /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? "localhost";
}

/** The name and the address of a sender such as `"Marquee" <no-reply@marquee.example>` or `no-reply@marquee.example`. */
export function senderMailbox(from: string): MailAddress {
  const named = /^(.*)<([^<>\s]+)>\s*$/.exec(from);
  if (!named) return { name: "", address: from.trim() };
  return { name: named[1].trim().replace(/^"(.*)"$/, "$1"), address: named[2] };
}
