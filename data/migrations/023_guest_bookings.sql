-- A guest (decision 46) books without an account: one users row per email address, marked is_guest, owns their
-- bookings as an account does, so each booking still has exactly one owner (bookings.user_uid, not null) and every
-- rule keyed by a customer (holds, limits, payments, mails) counts a guest by their email. A guest's uid starts with
-- "guest:", which no identity provider's uid does, and never has a session. Signing in with that email, verified,
-- moves the guest's bookings to the account.
alter table users add column is_guest boolean not null default false;
alter table users add constraint users_guest_by_email
  check (not is_guest or (email is not null and email = lower(email) and uid like 'guest:%'));
create unique index users_one_guest_per_email on users (email) where is_guest;
