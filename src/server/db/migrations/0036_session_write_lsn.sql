-- Read replicas (db/replicas.ts): a session's reads go to a replica only once it has replayed the session's latest
-- write. The position is kept here, where every call already reads its session, so any API process knows it.
ALTER TABLE "sessions" ADD COLUMN "write_lsn" bigint;
