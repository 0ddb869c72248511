-- The runs in the order GET /api/runs pages them: by id, greatest (newest) first, in the ids' binary order whatever
-- the database's collation, so a page is an index range and not a sort of every run.
CREATE INDEX longtask_runs_by_id ON longtask_runs ((id COLLATE "C"));
