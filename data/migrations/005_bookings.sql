-- A booking holds seats of one show for one customer. An unpaid booking holds them until hold_expires_at; from
-- that moment it counts as expired, and its seats as free, in every query (no job has to run first).
create table bookings (
  id uuid primary key default gen_random_uuid(),
  user_uid text not null references users (uid),
  show_id uuid not null references shows (id),
  -- The seat labels, in hall order; kept for the record after the seats are released.
  seats text[] not null check (cardinality(seats) between 1 and 5),
  amount_cents integer not null check (amount_cents >= 0),
  status text not null default 'pending' check (status in ('pending', 'paid', 'cancelled')),
  hold_expires_at timestamptz not null,
  -- The one-time token of the form that made it: posting the same form twice makes one booking.
  request_token uuid not null,
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  cancelled_at timestamptz,
  unique (user_uid, request_token)
);
create index bookings_user_created on bookings (user_uid, created_at desc);
create index bookings_show on bookings (show_id);
create index bookings_created on bookings (created_at desc);

-- The seats a booking occupies. The primary key decides every race for a seat: two buyers can never both
-- insert the same (show, seat). Cancelling deletes a booking's rows; an expired hold's rows are deleted by the
-- next booking that wants those seats (or a clean-up), and count as free until then.
create table booked_seats (
  show_id uuid not null references shows (id),
  seat text not null check (seat ~ '^[A-J][1-9]$'),
  booking_id uuid not null references bookings (id) on delete cascade,
  primary key (show_id, seat)
);
create index booked_seats_booking on booked_seats (booking_id);
