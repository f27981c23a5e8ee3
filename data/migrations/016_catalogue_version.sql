-- The catalogue's version: every page built from movies, shows, halls and trailers is kept in memory until it
-- changes (docs/decisions/0019). Any write to those tables bumps it in the writer's own transaction, by trigger,
-- so code that forgets cannot leave a stale page behind; each instance reads it at most once a second.
create table catalogue_version (
  id boolean primary key default true check (id),
  version bigint not null
);
insert into catalogue_version (version) values (1);

create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  update catalogue_version set version = version + 1;
  return null;
end;
$$;

create trigger movies_bump_catalogue_version after insert or update or delete or truncate on movies
  for each statement execute function bump_catalogue_version();
create trigger shows_bump_catalogue_version after insert or update or delete or truncate on shows
  for each statement execute function bump_catalogue_version();
create trigger halls_bump_catalogue_version after insert or update or delete or truncate on halls
  for each statement execute function bump_catalogue_version();
create trigger trailers_bump_catalogue_version after insert or update or delete or truncate on trailers
  for each statement execute function bump_catalogue_version();
