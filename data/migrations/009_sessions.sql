-- A signed-in browser. The identity provider verifies the ID token once, at sign-in; after that this row carries
-- the session. The cookie holds a random id; only its SHA-256 is kept, so a copy of the table cannot be
-- replayed as cookies. signed_in_at is the provider's auth_time: a revocation after it ends the session.
create table sessions (
  id_hash text primary key,
  uid text not null references users (uid) on delete cascade,
  signed_in_at timestamptz not null,
  expires_at timestamptz not null,
  checked_at timestamptz not null default now(),
  created_at timestamptz not null default now()
);
create index sessions_uid on sessions (uid);
create index sessions_expires_at on sessions (expires_at);
