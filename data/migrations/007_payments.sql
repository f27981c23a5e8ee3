-- One payment per booking (the unique key makes a second tab's payment of the same booking fail cleanly). Only the
-- provider's reference and the card's last four digits are kept, never card data.
create table payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references bookings (id),
  provider text not null,
  reference text not null,
  amount_cents integer not null check (amount_cents >= 0),
  card_last4 text check (card_last4 ~ '^\d{4}$'),
  created_at timestamptz not null default now(),
  refund_reference text,
  refunded_cents integer check (refunded_cents >= 0),
  refunded_at timestamptz
);
create index payments_created on payments (created_at desc);
