import type { OutboxEntry, OutboxKind, OutboxMessage } from "~/domain/outbox";
import { pageWindow } from "~/schemas/list-query";
import { getDb } from "~/services/db.server";
import { hasSavedMail, readSavedMail } from "~/services/mailer.server";
import { isUuid } from "~/utils/uuid";

// The outbox as staff read it: the latest messages, newest first, and one message with its text as sent.

// Their .eml files hold a link that signs the customer in or sets their password: staff never get it.
const ONE_TIME_LINK_KINDS: OutboxKind[] = ["password-reset", "sign-in-link", "email-verification"];

const ENTRY_COLUMNS = `id, kind, recipient, subject, status, attempts, created_at as "createdAt", due_at as "dueAt",
  sent_at as "sentAt"`;

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
  const [{ total }] = await db.query<{ total: number }>("select count(*)::int as total from outbox");
  const { page, pageCount, offset, limit } = pageWindow(total, requestedPage);
  const rows = await db.query<Dated<OutboxEntry>>(
    `select ${ENTRY_COLUMNS} from outbox order by created_at desc, id limit $1 offset $2`,
    [limit, offset],
  );
  return { messages: rows.map((row) => toEntry(row)), total, page, pageCount };
}

/** One message of the outbox, or null for an unknown id. */
export async function findOutboxMessageForStaff(id: string): Promise<OutboxMessage | null> {
  if (!isUuid(id)) return null;
  const db = await getDb();
  const [row] = await db.query<Dated<Omit<OutboxMessage, "downloadable">>>(
    `select ${ENTRY_COLUMNS}, text_body as "textBody", last_error as "lastError", note from outbox where id = $1`,
    [id],
  );
  if (!row) return null;
  const downloadable = row.status === "sent" && !ONE_TIME_LINK_KINDS.includes(row.kind) && (await hasSavedMail(id));
  return toEntry<OutboxMessage>({ ...row, downloadable });
}

/** A sent message's .eml file, when mails are written to the data folder and it holds no one-time link. */
export async function savedMailForStaff(id: string) {
  const message = await findOutboxMessageForStaff(id);
  return message?.downloadable ? readSavedMail(id) : null;
}
