import { sql } from "kysely";
import type { OutboxEntry, OutboxKind, OutboxMessage } from "~/domain/outbox";
import { pageWindow } from "~/schemas/list-query";
import { getDb, type Queryable } from "~/services/db.server";
import { hasSavedMail, readSavedMail } from "~/services/mailer.server";
import { typed } from "~/services/typed-db.server";
import { isUuid } from "~/utils/uuid";

// The outbox as staff read it: the latest messages, newest first, and one message with its text as sent.

// Their .eml files hold a link that signs the customer in or sets their password: staff never get it.
const ONE_TIME_LINK_KINDS: OutboxKind[] = ["password-reset", "sign-in-link", "email-verification"];

/** The outbox's messages, with an `OutboxEntry`'s columns. */
const entries = (db: Queryable) =>
  typed(db)
    .selectFrom("outbox")
    .select([
      "id",
      sql<OutboxKind>`kind`.as("kind"),
      "recipient",
      "subject",
      sql<OutboxEntry["status"]>`status`.as("status"),
      "attempts",
      "created_at as createdAt",
      "due_at as dueAt",
      "sent_at as sentAt",
    ]);

type Dated<T> = Omit<T, "createdAt" | "dueAt" | "sentAt"> & { createdAt: Date; dueAt: Date; sentAt: Date | null };

function toEntry<T extends OutboxEntry>(row: Dated<T>): T {
  return {
    ...row,
    createdAt: new Date(row.createdAt).toISOString(),
    dueAt: new Date(row.dueAt).toISOString(),
    sentAt: row.sentAt ? new Date(row.sentAt).toISOString() : null,
  } as T;
}

/** A page of the outbox, newest first. */
export async function listOutboxForStaff(requestedPage: number) {
  const db = await getDb();
  const { total } = await typed(db)
    .selectFrom("outbox")
    .select((eb) => eb.fn.countAll<number>().as("total"))
    .executeTakeFirstOrThrow();
  const { page, pageCount, offset, limit } = pageWindow(total, requestedPage);
  const rows = await entries(db).orderBy("created_at", "desc").orderBy("id").limit(limit).offset(offset).execute();
  return { messages: rows.map((row) => toEntry(row)), total, page, pageCount };
}

/** One message of the outbox, or null for an unknown id. */
export async function findOutboxMessageForStaff(id: string): Promise<OutboxMessage | null> {
  if (!isUuid(id)) return null;
  const row = await entries(await getDb())
    .select(["text_body as textBody", "last_error as lastError", "note"])
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) return null;
  const downloadable = row.status === "sent" && !ONE_TIME_LINK_KINDS.includes(row.kind) && (await hasSavedMail(id));
  return toEntry<OutboxMessage>({ ...row, downloadable });
}

/** A sent message's .eml file, when mails are written to the data folder and it holds no one-time link. */
export async function savedMailForStaff(id: string) {
  const message = await findOutboxMessageForStaff(id);
  return message?.downloadable ? readSavedMail(id) : null;
}
