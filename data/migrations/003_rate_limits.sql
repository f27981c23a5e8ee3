-- Requests counted against a limit (failed sign-ins, sign-ups, password resets), in the database so every
-- app instance counts alike. A bucket names the rule, the key what it counts (an email, a client address).
create table rate_limit_hits (
  id bigserial primary key,
  bucket text not null,
  key text not null,
  at timestamptz not null default now()
);
create index rate_limit_hits_bucket_key on rate_limit_hits (bucket, key, at);

drop table sign_in_failures;
