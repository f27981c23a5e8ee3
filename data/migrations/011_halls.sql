-- A hall (a screen) of the cinema: its seats as data (rows of seats, gaps and aisles, walkways between blocks of
-- rows; app/domain/hall-layout.ts reads and checks them), its capacity, and the price difference of each seat type
-- in minor units ({"premium": 250}: a type not named costs the show's price).
create table halls (
  id uuid primary key default gen_random_uuid(),
  name text not null unique check (char_length(name) between 1 and 60),
  layout jsonb not null,
  seat_count integer not null check (seat_count > 0),
  type_extras jsonb not null default '{}',
  in_use boolean not null default true,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- The hall every show had until now: rows A to J of nine seats, in five blocks of two rows.
insert into halls (id, name, layout, seat_count)
select '00000000-0000-4000-8000-000000000001', 'Screen 1', jsonb_build_object('lines', jsonb_agg(line order by position)), 90
from (
  select r * 2 as position,
    jsonb_build_object('row', chr(65 + r), 'cells',
      (select jsonb_agg(jsonb_build_object('seat', n, 'type', 'standard') order by n) from generate_series(1, 9) n)) as line
  from generate_series(0, 9) r
  union all
  select r * 2 - 1, '{"walkway": true}'::jsonb from generate_series(2, 8, 2) r
) lines;

-- A show plays in one hall. Shows of a hall may not overlap (checked under the hall's row lock when shows are added);
-- two movies may start at the same minute in two halls, and one movie in two halls at once.
alter table shows add column hall_id uuid references halls (id);
update shows set hall_id = '00000000-0000-4000-8000-000000000001';
alter table shows alter column hall_id set not null;
alter table shows drop constraint shows_movie_id_starts_at_key;
alter table shows add constraint shows_hall_starts_at_key unique (hall_id, starts_at);

-- Seat labels are a row letter and the number printed on the seat; the show's hall decides which exist.
alter table booked_seats drop constraint booked_seats_seat_check;
alter table booked_seats add constraint booked_seats_seat_check check (seat ~ '^[A-Z][1-9][0-9]?$');
