-- A checkout is reused for a second press of Pay only when it charges for the same lines (issue 57): `request_key` is
-- the key it was asked for under, made of the booking, its amount, its lines and its hold's end. Checkouts started
-- before have none and are never reused.
alter table checkouts add column request_key text;

-- The card a checkout the booking could not take was paid with, so the booking's page can say which card its refund
-- goes back to.
alter table checkouts add column card_last4 text check (card_last4 ~ '^\d{4}$');

-- Why a paid checkout was refunded instead of paying its booking: the booking was already paid by another checkout,
-- its hold had ended (or it was cancelled), or the amount was no longer the booking's (its tickets changed).
alter table checkouts add column returned_because text
  check (returned_because in ('already-paid', 'hold-ended', 'amount-changed'));
-- Checkouts refunded before: a booking paid by another checkout was already paid; any other had lost its hold.
update checkouts c set returned_because = case
    when exists (select 1 from payments p where p.booking_id = c.booking_id) then 'already-paid' else 'hold-ended' end
  where c.status = 'complete' and not exists (select 1 from payments p where p.checkout_id = c.id);

-- A booking that cost less than the gateway's smallest charge (nothing, with a 100 % code) is confirmed without a
-- payment (decision 54): it is paid, with no row in `payments`, and says so to its owner and to staff.
alter table bookings add column confirmed_without_payment boolean not null default false;
