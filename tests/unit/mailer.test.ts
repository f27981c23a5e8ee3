import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { folderMailer, smtpMailer, type MailMessage } from "~/services/mailer.server";
import { freePort } from "../server/site";
import { startInbox, type Inbox } from "../smtp-inbox";

const PNG = Buffer.from("89504e470d0a1a0a0000000d49484452", "hex");

function message(changes: Partial<MailMessage> = {}): MailMessage {
  const id = randomUUID();
  return {
    id,
    messageId: `<${id}@marquee.example>`,
    from: '"Marquee Cinemas" <no-reply@marquee.example>',
    to: { name: "Ann Lee", address: "ann@example.com" },
    subject: "Your tickets",
    text: "Seats: D4, D5",
    html: '<p>Seats: D4, D5</p><img src="cid:e-ticket" alt="QR">',
    inlineImages: [{ cid: "e-ticket", filename: "e-ticket.png", content: PNG, contentType: "image/png" }],
    ...changes,
  };
}

describe("through SMTP", () => {
  let inbox: Inbox;
  beforeAll(async () => {
    inbox = await startInbox();
  });
  afterAll(() => inbox.close());

  it("delivers both parts, the inline image and our Message-ID", async () => {
    const sent = message();
    expect(await smtpMailer(inbox.url)(sent)).toEqual({ ok: true });
    const [mail] = await inbox.waitFor(1);
    expect(mail.messageId).toBe(sent.messageId);
    expect(mail.from?.text).toBe('"Marquee Cinemas" <no-reply@marquee.example>');
    expect(mail.to).toMatchObject({ value: [{ name: "Ann Lee", address: "ann@example.com" }] });
    expect(mail.text?.trim()).toBe("Seats: D4, D5");
    expect(mail.html).toContain('<img src="cid:e-ticket"');
    expect(mail.attachments[0]).toMatchObject({
      cid: "e-ticket",
      contentType: "image/png",
      contentDisposition: "inline",
    });
    // RFC 3834: an automatic mail, which out-of-office replies and auto-forwarders leave alone.
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
  });

  it("calls a refusal of the message permanent, and a refusal for now worth another try", async () => {
    inbox.refuseNext(550);
    expect(await smtpMailer(inbox.url)(message())).toMatchObject({ ok: false, permanent: true });
    inbox.refuseNext(451);
    expect(await smtpMailer(inbox.url)(message())).toMatchObject({ ok: false, permanent: false });
  });

  it("calls a server out of reach worth another try", async () => {
    const closed = await freePort();
    expect(await smtpMailer(`smtp://127.0.0.1:${closed}`)(message())).toMatchObject({
      ok: false,
      permanent: false,
      error: expect.stringMatching(/ECONNREFUSED/),
    });
  });
});

describe("to a folder", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mailer-"));
  const folder = path.join(dataDir, "outbox");
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("writes each mail as <id>.eml, private to the site's account, and sending it again replaces it", async () => {
    const sent = message();
    const mailer = folderMailer(folder);
    expect(await mailer(sent)).toEqual({ ok: true });
    expect(await mailer({ ...sent, subject: "Your tickets, again" })).toEqual({ ok: true });
    expect(fs.readdirSync(folder)).toEqual([`${sent.id}.eml`]);
    expect(fs.statSync(folder).mode & 0o777).toBe(0o700);
    expect(fs.statSync(path.join(folder, `${sent.id}.eml`)).mode & 0o777).toBe(0o600);
    const mail = await simpleParser(fs.readFileSync(path.join(folder, `${sent.id}.eml`)));
    expect(mail).toMatchObject({ subject: "Your tickets, again", messageId: sent.messageId });
  });

  it("ends every line with CRLF, as RFC 5322 asks, and says the mail is automatic", async () => {
    const sent = message({ text: "Seats: D4, D5\nHall: Screen 2\n" });
    expect(await folderMailer(folder)(sent)).toEqual({ ok: true });
    const raw = fs.readFileSync(path.join(folder, `${sent.id}.eml`), "latin1");
    expect(raw).toContain("\r\n\r\n");
    expect(raw.match(/(?<!\r)\n/g)).toBeNull();
    const mail = await simpleParser(raw);
    expect(mail.headers.get("auto-submitted")).toBe("auto-generated");
    expect(mail.text).toBe("Seats: D4, D5\nHall: Screen 2\n");
  });

  it("refuses for good a recipient that is not one mailbox, and writes nothing", async () => {
    const mailer = folderMailer(folder);
    for (const address of ["zed@example.com,x.y", "x:zed@example.com;", "Zed <zed@example.com>"]) {
      const refused = message({ to: { name: "", address } });
      expect(await mailer(refused), address).toMatchObject({ ok: false, permanent: true });
      expect(fs.existsSync(path.join(folder, `${refused.id}.eml`))).toBe(false);
    }
  });
});
