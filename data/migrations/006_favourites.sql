-- The movies a signed-in customer keeps as favourites.
create table favourites (
  user_uid text not null references users (uid) on delete cascade,
  movie_id text not null references movies (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_uid, movie_id)
);
