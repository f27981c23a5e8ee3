-- People waiting for seats of a sold-out show, in the order they joined (the identity). When seats come free (a
-- cancellation, a hold that ran out) the transaction that frees them offers them in that order: each offer is a hold
-- made for the person, with its mail in the outbox, and an entry is offered seats once (decision 17).
create table waitlist_entries (
  id bigint generated always as identity primary key,
  show_id uuid not null references shows (id) on delete cascade,
  user_uid text not null references users (uid),
  seat_count integer not null check (seat_count between 1 and 5),
  joined_at timestamptz not null default now(),
  offered_booking_id uuid references bookings (id),
  offered_at timestamptz
);
create unique index waitlist_one_wait_per_person on waitlist_entries (show_id, user_uid) where offered_at is null;
create index waitlist_waiting on waitlist_entries (show_id, id) where offered_at is null;
