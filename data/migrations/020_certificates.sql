-- Age ratings (decision 43). The scheme is data: the British (BBFC) certificates to start; a cinema that uses
-- another scheme replaces these rows. A film rated with `min_age` admits no one younger; one with `accompanied_under`
-- admits those younger only with an adult.
create table certificates (
  code text primary key check (char_length(code) between 1 and 8),
  description text not null check (char_length(description) between 1 and 120),
  min_age integer not null default 0 check (min_age between 0 and 21),
  accompanied_under integer check (accompanied_under between 1 and 21),
  position integer not null unique
);

insert into certificates (code, description, min_age, accompanied_under, position) values
  ('U', 'Suitable for all', 0, null, 1),
  ('PG', 'Parental guidance: some scenes may be unsuitable for young children', 0, null, 2),
  ('12A', 'Suitable for 12 years and over; younger children only with an adult', 0, 12, 3),
  ('15', 'Suitable only for 15 years and over', 15, null, 4),
  ('18', 'Suitable only for adults', 18, null, 5);

alter table movies add column certificate text references certificates (code) on update cascade;

-- The oldest age a ticket type is for (Child: under 12), or null for any age. A film whose certificate admits no one
-- that young does not sell the type.
alter table ticket_types add column max_age integer check (max_age between 0 and 120);
update ticket_types set max_age = 11 where id = '00000000-0000-4000-8000-00000000a002';

create trigger certificates_bump_catalogue_version after insert or update or delete or truncate on certificates
  for each statement execute function bump_catalogue_version();
