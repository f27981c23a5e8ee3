-- A paid ticket checked in at the door, once: the primary key makes a second scan find the first.
create table check_ins (
  booking_id uuid primary key references bookings (id),
  staff_uid text not null references users (uid),
  checked_in_at timestamptz not null default now()
);
create index check_ins_at on check_ins (checked_in_at desc);
