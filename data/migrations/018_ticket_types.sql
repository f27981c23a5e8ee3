-- Tickets as cinemas sell them (decision 42). The price list: each ticket type with its price and the rule customers
-- are shown. A type that was sold is never deleted: staff retire it, and no show offers it from then on.
create table ticket_types (
  id uuid primary key default gen_random_uuid(),
  name text not null check (char_length(name) between 1 and 30),
  rule text not null default '' check (char_length(rule) <= 120),
  price_cents integer not null check (price_cents >= 0),
  position integer not null,
  retired_at timestamptz,
  created_at timestamptz not null default now()
);
create unique index ticket_types_name on ticket_types (lower(name));

insert into ticket_types (id, name, rule, price_cents, position) values
  ('00000000-0000-4000-8000-00000000a001', 'Adult', '', 6500, 1),
  ('00000000-0000-4000-8000-00000000a002', 'Child', 'Under 12', 4500, 2),
  ('00000000-0000-4000-8000-00000000a003', 'Senior', '65 and over', 5000, 3),
  ('00000000-0000-4000-8000-00000000a004', 'Student', 'With a valid student card at the door', 5500, 4);

-- What each show sells each type for, taken from the price list when the show is made. A booking keeps the price it
-- was sold at (booking_tickets), so changing a show's price changes only tickets not yet sold.
create table show_prices (
  show_id uuid not null references shows (id) on delete cascade,
  ticket_type_id uuid not null references ticket_types (id),
  price_cents integer not null check (price_cents >= 0),
  primary key (show_id, ticket_type_id)
);
create index show_prices_type on show_prices (ticket_type_id);

-- A show made before types sells Adult at its price, and every other type at its list price but never above that.
insert into show_prices (show_id, ticket_type_id, price_cents)
select s.id, t.id, case when t.position = 1 then s.price_cents else least(t.price_cents, s.price_cents) end
from shows s cross join ticket_types t;

create trigger show_prices_bump_catalogue_version after insert or update or delete or truncate on show_prices
  for each statement execute function bump_catalogue_version();

-- Each ticket of a booking: its seat and the seat's kind in the hall, the type it was sold as (its name as it was
-- then), the type's price for the show and the seat's surcharge (a premium seat) at that moment. The booking's amount
-- is their sum.
create table booking_tickets (
  booking_id uuid not null references bookings (id) on delete cascade,
  seat text not null,
  seat_type text not null default 'standard',
  ticket_type_id uuid not null references ticket_types (id),
  type_name text not null,
  price_cents integer not null check (price_cents >= 0),
  seat_extra_cents integer not null default 0,
  primary key (booking_id, seat),
  check (price_cents + seat_extra_cents >= 0)
);
create index booking_tickets_type on booking_tickets (ticket_type_id);

-- A booking made before types is Adult tickets at what was paid: the amount shared evenly, the first seats taking the
-- odd cents, so the lines add up to it exactly.
insert into booking_tickets (booking_id, seat, ticket_type_id, type_name, price_cents)
select b.id, seat.label, '00000000-0000-4000-8000-00000000a001', 'Adult',
  b.amount_cents / cardinality(b.seats) + case when seat.n <= b.amount_cents % cardinality(b.seats) then 1 else 0 end
from bookings b cross join lateral unnest(b.seats) with ordinality as seat(label, n);

alter table shows drop column price_cents;

create trigger ticket_types_bump_catalogue_version after insert or update or delete or truncate on ticket_types
  for each statement execute function bump_catalogue_version();
