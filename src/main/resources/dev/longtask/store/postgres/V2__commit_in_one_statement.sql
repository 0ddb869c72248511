-- One commit of a run in one statement: the run's row is locked only while the server runs it, never across a
-- writer's round trips (on a busy machine a writer that held the lock between two round trips kept every other
-- writer of the run waiting while it waited for a core). When the run's log has moved past p_after (another process
-- committed since the writer read it), nothing is written and the result is false: the writer reads the new events,
-- decides again against them and retries. The events' fencing trigger fires as for any insert.
--
-- p_events: [{seq, time, type, task, attempt, line}]; p_tasks: [{id, status, ready, attempts, owner, task, claimed}],
-- a claimed task getting a lease of p_lease_ms; p_notify: a task became ready, so the listening workers are told.
CREATE FUNCTION longtask_commit(p_run text, p_after bigint, p_last bigint, p_events jsonb, p_tasks jsonb,
                                p_status text, p_run_row jsonb, p_lease_ms bigint, p_notify boolean)
RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    PERFORM 1 FROM longtask_runs WHERE id = p_run AND last_seq = p_after FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    INSERT INTO longtask_events (run_id, seq, time, type, task, attempt, line)
        SELECT p_run, e.seq, e.time, e.type, e.task, e.attempt, e.line
        FROM jsonb_to_recordset(p_events)
            AS e(seq bigint, time timestamptz, type text, task integer, attempt integer, line text)
        ORDER BY e.seq;
    INSERT INTO longtask_tasks (run_id, id, status, ready, attempts, owner, task, lease_expires)
        SELECT p_run, t.id, t.status, t.ready, t.attempts, t.owner, t.task,
               CASE WHEN t.claimed THEN clock_timestamp() + p_lease_ms * interval '1 millisecond' END
        FROM jsonb_to_recordset(p_tasks)
            AS t(id integer, status text, ready boolean, attempts integer, owner text, task jsonb, claimed boolean)
        ON CONFLICT (run_id, id) DO UPDATE SET status = EXCLUDED.status, ready = EXCLUDED.ready,
            attempts = EXCLUDED.attempts, owner = EXCLUDED.owner, task = EXCLUDED.task,
            lease_expires = CASE WHEN EXCLUDED.status = 'in_progress'
                THEN coalesce(EXCLUDED.lease_expires, longtask_tasks.lease_expires) END;
    UPDATE longtask_runs SET last_seq = p_last, status = p_status, run = p_run_row WHERE id = p_run;
    IF p_notify THEN
        PERFORM pg_notify('longtask_work', p_run);
    END IF;
    RETURN true;
END
$$;
