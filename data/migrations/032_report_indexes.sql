-- The reports (decision 75) read paid bookings by the day they were paid and refunds by the day they were given:
-- without these, each report of a period reads every booking and payment ever made.
create index bookings_paid_at on bookings (paid_at) where status = 'paid';
create index payments_refunded_at on payments (refunded_at) where refunded_cents > 0;
