-- A booking's calendar entry (decision 56): its SEQUENCE, raised by each change of the event (its show moved, the
-- booking cancelled), so the file of a change replaces the entry a calendar holds. Every entry until now is the first.
alter table bookings add column calendar_sequence integer not null default 0;
