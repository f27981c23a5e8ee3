-- What the site has to send: mails, and the calls of the sign-in sync. Each row is written in the transaction of the
-- change that causes it, so a message exists if and only if that change committed; a worker in each app instance
-- claims due rows (a lease in locked_until, taken with "for update skip locked"), sends them outside any
-- transaction and then marks them done (docs/decisions/0015-outbox.md). The id is also the mail's Message-ID.
create table outbox (
  id uuid primary key default gen_random_uuid(),
  kind text not null,
  -- An email address, or the sign-in sync's URL.
  recipient text not null,
  subject text not null,
  -- What the message is made from when it is sent (a booking as it was paid, an email asking for a link).
  payload jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'sent', 'skipped', 'failed')),
  due_at timestamptz not null default now(),
  attempts integer not null default 0,
  locked_until timestamptz,
  last_error text,
  -- Why a message was not sent (a reminder for a booking cancelled since), when status is 'skipped'.
  note text,
  -- The plain-text part as sent, for staff to read; one-time links are left out of it.
  text_body text,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
create index outbox_due on outbox (due_at) where status = 'pending';
create index outbox_created on outbox (created_at desc);
