-- Staff roles, invitations and the record of who changed what (decisions 69 and 70).
-- A staff member's role is kept here, read fresh on every staff request, so a change counts at once on every instance
-- and is written in one transaction with its record. The provider's claim admin:true (grant-admin, ADMIN_EMAILS) makes
-- a manager here at the next check; everyone staff until now was allowed everything, so they start as managers.
alter table users add column staff_role text check (staff_role in ('manager', 'box-office', 'door'));
update users set staff_role = 'manager' where is_staff;
alter table users drop column is_staff;

-- A manager's invitation to join the staff with a role, for one address. Accepting it, signed in with that address
-- verified, sets the role; `accepted_at` makes it work once. One open invitation per address (the key decides).
create table staff_invitations (
  id uuid primary key default gen_random_uuid(),
  email text not null,
  role text not null check (role in ('manager', 'box-office', 'door')),
  invited_by text not null references users (uid),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  accepted_at timestamptz,
  accepted_by text references users (uid)
);
create unique index staff_invitations_open on staff_invitations (lower(email)) where accepted_at is null;

-- Every staff change, written in the transaction of the change: who (null: the site itself, as for grant-admin),
-- when, what kind, what it was about, and the values before and after as JSON. Kept for STAFF_CHANGES_KEEP_DAYS.
create table staff_changes (
  id bigserial primary key,
  staff_uid text,
  staff_name text not null,
  kind text not null,
  subject text not null,
  before jsonb,
  after jsonb,
  at timestamptz not null default now()
);
create index staff_changes_at on staff_changes (at);
create index staff_changes_staff on staff_changes (staff_uid, at);
