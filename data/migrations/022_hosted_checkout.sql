-- Payments through a hosted payment page (decision 45). The customer types the card on the gateway's page; the site
-- keeps each checkout it started there and learns the outcome from the gateway's webhook, from the page the gateway
-- sends the customer back to, or from the reconciliation job, whichever comes first.

-- A checkout started at the gateway for a booking. `id` is the gateway's. A checkout paid when its booking could no
-- longer take it (the hold had ended, another checkout paid first) is refunded at once: `refund_*` say where that is.
create table checkouts (
  id text primary key,
  provider text not null,
  booking_id uuid not null references bookings (id),
  amount_cents integer not null check (amount_cents > 0),
  url text,
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  expires_at timestamptz not null,
  payment_reference text unique,
  refund_reference text,
  refund_status text check (refund_status in ('pending', 'succeeded', 'failed')),
  created_at timestamptz not null default now(),
  settled_at timestamptz
);
create index checkouts_booking on checkouts (booking_id, created_at desc);
create index checkouts_open on checkouts (created_at) where status = 'open';

-- Every webhook event the site has handled, by the gateway's event id: a delivery of one already here is answered
-- and ignored. The row is written in the transaction that acts on the event.
create table gateway_events (
  provider text not null,
  id text not null,
  type text not null,
  received_at timestamptz not null default now(),
  primary key (provider, id)
);

-- A payment now names the checkout it came from; a refund's outcome may come later, by webhook.
alter table payments add column checkout_id text references checkouts (id);
alter table payments add column refund_status text check (refund_status in ('pending', 'succeeded', 'failed'));
update payments set refund_status = 'succeeded' where refunded_at is not null;

-- The site's own card form and its crash recovery are gone: a payment is never made by the site's request.
drop table payment_attempts;
drop table test_provider_charges;

-- The built-in test gateway's own records, as a real gateway keeps them on its side. Only the gateway's code reads
-- or writes them; the site knows them through the provider interface alone.
create table test_gateway_checkouts (
  id text primary key,
  idempotency_key text not null unique,
  booking_id uuid not null,
  lines jsonb not null,
  summary text not null,
  amount_cents integer not null check (amount_cents > 0),
  currency text not null,
  customer_email text,
  return_url text not null,
  cancel_url text not null,
  expires_at timestamptz not null,
  status text not null default 'open' check (status in ('open', 'complete', 'expired')),
  -- A card that needs a second step waits here between the card form and the step.
  awaiting_step_last4 text,
  payment_reference text unique,
  card_last4 text,
  created_at timestamptz not null default now()
);
-- Webhook events the test gateway owes the site, signed as Stripe signs them and delivered until answered 2xx.
create table test_gateway_events (
  id text primary key,
  type text not null,
  payload jsonb not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  delivered_at timestamptz,
  created_at timestamptz not null default now()
);
create index test_gateway_events_due on test_gateway_events (next_attempt_at) where delivered_at is null;
