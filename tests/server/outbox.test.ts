import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "~/services/db.server";
import { startInbox, type Inbox } from "../smtp-inbox";
import { postForm, register, startSite, tempDataDir, type Site } from "./site";

// The outbox across a kill -9 of everything (docs/decisions/0015-outbox.md): a message whose change committed is sent
// after the restart; it is sent twice only when the crash falls after the mail server took it and before the site
// heard so, and then both copies carry the same Message-ID.

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function inbox() {
  const started = await startInbox();
  cleanups.push(() => started.close());
  return started;
}

async function site(dataDir: string, mail: Inbox) {
  const started = await startSite({ dataDir, env: { SMTP_URL: mail.url } });
  cleanups.push(() => started.stop());
  return started;
}

/** A customer asks for a reset mail: its outbox row commits with the answer. */
async function askForResetMail(running: Site) {
  const { email } = await register(running, `reset-${Date.now()}@example.com`);
  const asked = await postForm(running, "/forgot-password", { email });
  expect(asked.status).toBe(302);
  return email;
}

/**
 * A site on a data folder of its own asked for a reset mail, then killed with all its processes while its worker is
 * held at `stage` of sending it to the test's mail server.
 */
async function killedWhileSending(stage: Parameters<Inbox["hold"]>[0]) {
  const dataDir = tempDataDir();
  cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const mail = await inbox();
  const held = mail.hold(stage);
  const first = await site(dataDir, mail);
  const email = await askForResetMail(first);
  await held.reached;
  await first.killAll();
  held.release();
  return { dataDir, mail, email };
}

// Each test starts the site twice, on a machine that may be busy.
describe("a kill -9", { timeout: 480_000 }, () => {
  it("between the commit and the send: the mail is sent once, after the restart", async () => {
    // The worker has claimed the message and is connecting: everything dies before anything is sent.
    const { dataDir, mail, email } = await killedWhileSending("connect");
    expect(mail.received).toEqual([]);

    const again = await site(dataDir, mail);
    // The sign-up queued its confirmation mail first; the worker was held on that one, and both come after the restart.
    const sent = await mail.waitFor(2);
    expect(sent.map((message) => message.subject).sort()).toEqual([
      "Confirm your email for Marquee Cinemas",
      "Reset your Marquee Cinemas password",
    ]);
    const received = sent.find((message) => message.subject === "Reset your Marquee Cinemas password")!;
    expect(received.to).toMatchObject({ text: email });
    // Its link opens our own page, for this account.
    const link = /(\/reset-password\?oobCode=\S+)/.exec(received.text!)![1];
    expect(await (await fetch(again.url + link)).text()).toContain(`For the account of ${email}.`);
    // Nothing else comes: the message was marked sent, as the stopped site's database shows.
    await again.stop();
    expect(mail.received).toHaveLength(2);
    const db = openDatabase(path.join(dataDir, "db"));
    try {
      const resets = await db.query("select status from outbox where recipient = $1 and subject = $2", [
        email,
        received.subject,
      ]);
      expect(resets).toEqual([{ status: "sent" }]);
    } finally {
      await db.close();
    }
  });

  it("after the mail server took the mail but before the site heard so: sent again, with the same Message-ID", async () => {
    const { dataDir, mail } = await killedWhileSending("answer");

    await site(dataDir, mail);
    // The first mail (the sign-up's confirmation) was taken before the kill; it comes again, and the reset once.
    const [copy, ...after] = await mail.waitFor(3);
    const resent = after.find((message) => message.subject === copy.subject)!;
    expect(after.filter((message) => message.subject === copy.subject)).toHaveLength(1);
    expect(resent.messageId).toBe(copy.messageId);
    expect(copy.messageId).toMatch(/^<[0-9a-f-]{36}@marquee\.example>$/);
  });
});
