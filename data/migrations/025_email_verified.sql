-- Whether the provider has verified an account's email (decision 61): written at each sign-in and when a
-- confirmation link is opened, so My Bookings can offer to send the link again. Null for guests and for accounts not
-- signed in since this column came.
alter table users add column email_verified boolean;
