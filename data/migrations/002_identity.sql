-- Users are mirrored from Firebase Auth at sign-in; Firebase stays the source of truth for who they are.
-- is_staff mirrors the custom claim admin:true and is refreshed at every staff check.
create table users (
  uid text primary key,
  email text,
  name text not null default '',
  photo_url text,
  is_staff boolean not null default false,
  created_at timestamptz not null default now(),
  last_sign_in_at timestamptz
);

-- Failed sign-ins, kept in the database so every app instance throttles alike.
create table sign_in_failures (
  id bigserial primary key,
  email text not null,
  client text,
  failed_at timestamptz not null default now()
);
create index sign_in_failures_email on sign_in_failures (email, failed_at);
create index sign_in_failures_client on sign_in_failures (client, failed_at) where client is not null;
