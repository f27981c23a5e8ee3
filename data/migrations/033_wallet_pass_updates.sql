-- Passes in the phone's wallet that follow their booking (decision 73). Apple Wallet registers a device for a pass
-- through the site's web service: one row per device, pass type and pass (the booking), so registering again is the
-- same row, its push token replaced.
create table wallet_registrations (
  device_library_identifier text not null,
  pass_type_identifier text not null,
  booking_id uuid not null references bookings (id),
  push_token text not null,
  created_at timestamptz not null default now(),
  primary key (device_library_identifier, pass_type_identifier, booking_id)
);
create index wallet_registrations_by_booking on wallet_registrations (booking_id);

-- When what a booking's pass shows last changed (its show moved or cancelled, the booking cancelled), written in the
-- change's transaction: a pass never changed has no row, and was last changed when it was paid.
create table wallet_pass_changes (
  booking_id uuid primary key references bookings (id),
  changed_at timestamptz not null
);
