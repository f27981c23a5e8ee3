-- Films staff add, edit and retire, with their artwork (decisions 65 and 66).
-- Each picture is kept once, by the SHA-256 of its bytes: the upload as checked (decoded, turned upright, metadata
-- stripped, re-encoded), from which every size a page asks for is made.
create table artwork (
  hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
  image bytea not null,
  width integer not null check (width > 0),
  height integer not null check (height > 0),
  created_at timestamptz not null default now()
);

-- A film added by hand has no vote average: cards show none rather than 0.0.
alter table movies alter column vote_average drop not null;
alter table movies alter column vote_average drop default;
-- A retired film leaves the customer pages and Add Shows; its shows and bookings stay.
alter table movies add column retired_at timestamptz;
-- The fields staff changed by hand: an import later updates only the others.
alter table movies add column edited_fields text[] not null default '{}';
alter table movies add column tmdb_id integer unique;
-- A YouTube or Vimeo video: {"kind": "youtube", "id": "..."}.
alter table movies add column trailer jsonb;
