-- A show staff cancel keeps its row: its bookings are the records of what was sold and refunded. A cancelled show
-- is left out of every customer page and cannot be booked; it no longer holds its hall, so another show may take
-- its slot (the unique key of a hall's start counts only shows that play). See docs/decisions/0018-show-changes.md.
alter table shows add column cancelled_at timestamptz;
alter table shows drop constraint shows_hall_starts_at_key;
create unique index shows_hall_starts_at_key on shows (hall_id, starts_at) where cancelled_at is null;
