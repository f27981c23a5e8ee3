-- Each applied migration's SHA-256, so a migration edited after it ran stops the start instead of being skipped
-- (decision 60). The migrator fills it in for the files a database applied before this one.
alter table schema_migrations add column checksum text;
