-- The box office counter (decision 71). How each booking was sold: 'online' by a customer signed in, 'guest' by a
-- guest online (decision 46), 'counter' by staff at the box office, who is `sold_by_staff_uid`. Bookings made before
-- are online, or guest while a guest still owns them.
alter table bookings add column channel text not null default 'online'
  check (channel in ('online', 'guest', 'counter'));
alter table bookings add column sold_by_staff_uid text references users (uid);
alter table bookings add constraint bookings_counter_seller
  check ((channel = 'counter') = (sold_by_staff_uid is not null));
update bookings set channel = 'guest' where user_uid like 'guest:%';

-- A customer at the counter who gives no address is a guest without one (uid "counter:…"), made for the sale, so the
-- booking has its one owner as every other does; one who gives an address is the guest of that address.
alter table users drop constraint users_guest_by_email;
alter table users add constraint users_guest_by_email check (
  not is_guest
  or (email is not null and email = lower(email) and uid like 'guest:%')
  or (email is null and uid like 'counter:%'));

-- A counter sale's payment, one per booking: cash (what was tendered; the change is the difference) or a card on the
-- counter's own terminal, of which nothing is typed into the site. Each counts on the takings of the cinema day it
-- was taken (`takings_day`), and its refund at the counter on the day of the refund.
create table counter_payments (
  booking_id uuid primary key references bookings (id),
  staff_uid text not null references users (uid),
  method text not null check (method in ('cash', 'counter-card')),
  amount_cents integer not null check (amount_cents >= 0),
  tendered_cents integer check (tendered_cents >= amount_cents),
  takings_day date not null,
  created_at timestamptz not null default now(),
  refunded_by_staff_uid text references users (uid),
  refunded_at timestamptz,
  refund_takings_day date,
  check ((method = 'cash') = (tendered_cents is not null)),
  check ((refunded_at is null) = (refunded_by_staff_uid is null) and (refunded_at is null) = (refund_takings_day is null))
);
create index counter_payments_day on counter_payments (takings_day);
create index counter_payments_refund_day on counter_payments (refund_takings_day) where refund_takings_day is not null;

-- A cinema day's takings: a counter sale or refund takes a share lock on its day's row and is refused once the day
-- is closed; closing takes the row's update lock, so it waits for sales under way and they wait for it. A closed day
-- keeps the figures it was closed with (`figures`), which no later change alters.
create table takings_days (
  day date primary key,
  closed_at timestamptz,
  closed_by_staff_uid text references users (uid),
  figures jsonb,
  check ((closed_at is null) = (closed_by_staff_uid is null) and (closed_at is null) = (figures is null))
);
