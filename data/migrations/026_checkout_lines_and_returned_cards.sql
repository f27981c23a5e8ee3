-- A checkout is reused for a second press of Pay only when it charges for the same lines (issue 57): `request_key` is
-- the key it was asked for under, made of the booking, its amount, its lines and its hold's end. Checkouts started
-- before have none and are never reused.
alter table checkouts add column request_key text;

-- The card a checkout the booking could not take was paid with, so the booking's page can say which card its refund
-- goes back to.
alter table checkouts add column card_last4 text check (card_last4 ~ '^\d{4}$');
