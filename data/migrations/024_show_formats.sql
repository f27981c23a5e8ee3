-- A show's format (decision 47): how it is projected, one of 2D, 3D and IMAX, and whether it is subtitled or
-- audio-described, each on its own, since a 3D show can be both. Every show until now was a plain 2D show.
alter table shows add column projection text not null default '2D' check (projection in ('2D', '3D', 'IMAX'));
alter table shows add column subtitled boolean not null default false;
alter table shows add column audio_described boolean not null default false;
