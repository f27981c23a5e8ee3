-- The password reset codes the site mailed, each by its hash (a code sets a password; a copy of the table must open
-- nothing): for whose email, when it was asked for, and when it changed the password. A code made before another of
-- its account changed the password no longer works here, though the provider would still take it
-- (docs/decisions/0015-outbox.md).
create table password_reset_codes (
  code_hash text primary key,
  email text not null,
  made_at timestamptz not null,
  used_at timestamptz
);
create index password_reset_codes_email on password_reset_codes (email, used_at);
