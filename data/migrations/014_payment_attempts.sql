-- A payment attempt, written (and committed) before the provider is asked to charge, and deleted in the transaction
-- that records its outcome. A row that outlives its request is a charge whose outcome nobody recorded (the process
-- died in between): the recovery pass asks the provider by the idempotency key and records or refunds it.
create table payment_attempts (
  idempotency_key text primary key,
  booking_id uuid not null references bookings (id),
  user_uid text not null references users (uid),
  provider text not null,
  created_at timestamptz not null default now()
);
create index payment_attempts_created on payment_attempts (created_at);

-- What the built-in test provider has charged, as a real gateway keeps it on its side: so that a charge can be found
-- again by its idempotency key after a crash. Written in its own statement, outside the app's transactions.
create table test_provider_charges (
  idempotency_key text primary key,
  reference text not null,
  amount_cents integer not null,
  last4 text not null,
  created_at timestamptz not null default now()
);
