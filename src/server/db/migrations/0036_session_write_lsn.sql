-- Read replicas (db/replicas.ts): a session's reads go to a replica only once it has replayed the session's latest
-- write. The position is kept here, where every call already reads its session, so any API process knows it. A new
-- session starts at the WAL position of its creation: whatever its user wrote before signing in is behind it.
ALTER TABLE "sessions" ADD COLUMN "write_lsn" bigint DEFAULT (pg_current_wal_insert_lsn() - '0/0'::pg_lsn)::bigint;
