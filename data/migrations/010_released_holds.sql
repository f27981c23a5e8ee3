-- A hold whose seats were taken over after it ran out is stored as 'expired'. Taking the seats over updates the
-- booking row first, so a payment racing it waits for that row and then finds it no longer pending: the row lock
-- and the status, not two readings of the clock, decide which of them wins.
alter table bookings drop constraint bookings_status_check;
alter table bookings add constraint bookings_status_check check (status in ('pending', 'paid', 'cancelled', 'expired'));
