create table movies (
  id text primary key,
  title text not null,
  overview text not null default '',
  tagline text not null default '',
  poster_path text not null,
  backdrop_path text not null,
  genres jsonb not null default '[]',
  casts jsonb not null default '[]',
  release_date date not null,
  original_language text,
  vote_average double precision not null default 0,
  vote_count integer not null default 0,
  runtime integer not null
);

create table trailers (
  id text primary key,
  movie_id text not null references movies (id) on delete cascade,
  title text not null,
  description text not null default '',
  duration text not null default '2:30',
  views text not null default '1.2M',
  image text not null,
  video_url text not null,
  position integer not null
);

create table shows (
  id uuid primary key default gen_random_uuid(),
  movie_id text not null references movies (id) on delete cascade,
  starts_at timestamptz not null,
  price_cents integer not null check (price_cents > 0),
  created_at timestamptz not null default now(),
  unique (movie_id, starts_at)
);
create index shows_starts_at on shows (starts_at);

-- The sample schedule is generated one cinema day at a time; a day listed here is never generated again,
-- so shows that staff remove stay removed after a restart.
create table sample_schedule_days (
  day date primary key
);
