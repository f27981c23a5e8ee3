-- Every trailer clip has a captions file (WebVTT); the sample clips' sit beside them.
alter table trailers add column captions_url text not null default '';
update trailers set captions_url = regexp_replace(video_url, '\.webm$', '.vtt') where captions_url = '';
