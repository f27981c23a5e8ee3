// A real SMTP server in the test process (smtp-server), keeping what it is sent: the other end of the site's mail.
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A stage of the SMTP conversation the inbox can hold still, as a slow or dying server would. */
type Stage = "connect" | "answer";

export type Inbox = {
  /** The SMTP_URL that reaches it. */
  url: string;
  /** Every message received in full, parsed, in order. */
  received: ParsedMail[];
  /** Resolves once `count` messages were received (or rejects after `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ParsedMail[]>;
  /**
   * Holds every connection at `stage` until released: "connect" before the greeting (nothing is sent yet),
   * "answer" after a message was received in full but before the server says it took it.
   */
  hold(stage: Stage): { reached: Promise<void>; release(): void };
  /** Refuses the next message at RCPT TO with this SMTP code. */
  refuseNext(code: number): void;
  close(): Promise<void>;
};

export async function startInbox(): Promise<Inbox> {
  const received: ParsedMail[] = [];
  const waiters: (() => void)[] = [];
  const holds = new Map<Stage, { arrive: () => void; released: Promise<void> }>();
  let refusal: number | null = null;
  const wait = (stage: Stage) => {
    const held = holds.get(stage);
    if (!held) return Promise.resolve();
    held.arrive();
    return held.released;
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onConnect(_session, callback) {
      void wait("connect").then(() => callback());
    },
    onRcptTo(_address, _session, callback) {
      if (refusal === null) return callback();
      const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: refusal });
      refusal = null;
      callback(error);
    },
    onData(stream, _session, callback) {
      void simpleParser(stream, { keepCidLinks: true }).then(async (mail) => {
        received.push(mail);
        for (const notify of waiters.splice(0)) notify();
        await wait("answer");
        callback();
      }, callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(count, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (received.length < count) {
        if (Date.now() > deadline) throw new Error(`${received.length} of ${count} messages arrived in time`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
      return received;
    },
    hold(stage) {
      let arrive!: () => void;
      let release!: () => void;
      const reached = new Promise<void>((resolve) => (arrive = resolve));
      const released = new Promise<void>((resolve) => (release = resolve));
      holds.set(stage, { arrive, released });
      return {
        reached,
        release() {
          holds.delete(stage);
          release();
        },
      };
    },
    refuseNext(code) {
      refusal = code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
