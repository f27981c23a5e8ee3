-- Promo codes (decision 44). A code takes a percentage or a fixed amount off the tickets of the types it names (all
-- types when none) for the shows of one film (any film when none), between two moments, at most `max_uses` times in
-- all and once per customer. `uses` counts the bookings holding or paid with it; its check is what refuses a use
-- past the last, under the code's row lock.
create table promo_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null check (code ~ '^[A-Za-z0-9-]{3,30}$'),
  percent_off integer check (percent_off between 1 and 100),
  amount_off_cents integer check (amount_off_cents > 0),
  ticket_type_ids uuid[] not null default '{}',
  movie_id text references movies (id) on delete cascade,
  valid_from timestamptz not null,
  valid_until timestamptz not null,
  max_uses integer check (max_uses > 0),
  uses integer not null default 0 check (uses >= 0 and (max_uses is null or uses <= max_uses)),
  retired_at timestamptz,
  created_at timestamptz not null default now(),
  check ((percent_off is null) <> (amount_off_cents is null)),
  check (valid_until > valid_from)
);
create unique index promo_codes_code on promo_codes (lower(code));

-- A booking's use of a code, with the discount it gives: one code a booking, and one live use a customer and code (the
-- keys decide both). A booking cancelled, or a hold that ran out, gives its use back: `returned_at` is set (the
-- booking still shows what it was sold at) and the code's `uses` falls by one.
create table promo_code_uses (
  booking_id uuid primary key references bookings (id) on delete cascade,
  promo_code_id uuid not null references promo_codes (id),
  user_uid text not null,
  discount_cents integer not null check (discount_cents >= 0),
  returned_at timestamptz
);
create unique index promo_code_uses_live on promo_code_uses (promo_code_id, user_uid) where returned_at is null;
