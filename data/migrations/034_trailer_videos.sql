-- Trailer videos staff upload for a film (decision 79). A video streams in as chunks under a random upload id, so
-- the server never holds a whole file; once the film is saved, the video is named by the SHA-256 of all its bytes,
-- once however often it is uploaded (the primary key decides between two uploads of the same file).
create table trailer_videos (
  hash text primary key check (hash ~ '^[0-9a-f]{64}$'),
  upload_id text not null unique,
  content_type text not null check (content_type in ('video/mp4', 'video/webm')),
  byte_length bigint not null check (byte_length > 0),
  chunk_bytes integer not null check (chunk_bytes > 0),
  created_at timestamptz not null default now()
);

-- The bytes of an upload, chunk_bytes each but the last; a chunk whose upload no video names is one being written,
-- or one refused or cut off, and is removed.
create table trailer_video_chunks (
  upload_id text not null,
  seq integer not null check (seq >= 0),
  bytes bytea not null,
  written_at timestamptz not null default now(),
  primary key (upload_id, seq)
);
