-- The run store on PostgreSQL: the event log is the truth; runs and tasks are projections of it that the
-- claims and the fencing read. Every statement of a version runs in one transaction.

CREATE TABLE longtask_runs (
    id        text PRIMARY KEY,
    workspace text        NOT NULL,
    status    text        NOT NULL,
    created   timestamptz NOT NULL,
    last_seq  bigint      NOT NULL,
    run       jsonb       NOT NULL
);

-- The log: the same events as events.jsonl, in the same order per run. "line" is the event exactly as a log
-- line holds it; "attempt" is the fencing token of the write (null for a write made under no claim).
CREATE TABLE longtask_events (
    run_id  text        NOT NULL REFERENCES longtask_runs (id),
    seq     bigint      NOT NULL,
    time    timestamptz NOT NULL,
    type    text        NOT NULL,
    task    integer,
    attempt integer,
    line    text        NOT NULL,
    PRIMARY KEY (run_id, seq)
);

CREATE TABLE longtask_tasks (
    run_id        text    NOT NULL REFERENCES longtask_runs (id),
    id            integer NOT NULL,
    status        text    NOT NULL,
    ready         boolean NOT NULL,
    attempts      integer NOT NULL,
    owner         text,
    lease_expires timestamptz,
    task          jsonb   NOT NULL,
    PRIMARY KEY (run_id, id)
);
CREATE INDEX longtask_tasks_ready ON longtask_tasks (run_id, id) WHERE ready;
CREATE INDEX longtask_tasks_leased ON longtask_tasks (lease_expires) WHERE status = 'in_progress';

CREATE TABLE longtask_results (
    run_id  text        NOT NULL REFERENCES longtask_runs (id),
    task    integer     NOT NULL,
    attempt integer,
    written timestamptz NOT NULL DEFAULT clock_timestamp(),
    result  text        NOT NULL,
    PRIMARY KEY (run_id, task)
);

CREATE TABLE longtask_transcripts (
    n       bigserial PRIMARY KEY,
    run_id  text    NOT NULL REFERENCES longtask_runs (id),
    name    text    NOT NULL,
    task    integer,
    attempt integer,
    line    text    NOT NULL
);
CREATE INDEX longtask_transcripts_of ON longtask_transcripts (run_id, name, n);

-- report.md and final_result.json
CREATE TABLE longtask_files (
    run_id  text NOT NULL REFERENCES longtask_runs (id),
    name    text NOT NULL,
    content text NOT NULL,
    PRIMARY KEY (run_id, name)
);

-- Fencing: a write that carries an attempt number is refused unless that attempt still holds the task (it is in
-- progress under that attempt and its lease has not lapsed). A worker that was paused past its lease and wakes
-- up cannot complete, fail or record anything for the task it lost, whatever its own clock says.
CREATE FUNCTION longtask_check_fence() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    held record;
BEGIN
    IF NEW.attempt IS NULL THEN
        RETURN NEW;
    END IF;
    SELECT status, attempts, lease_expires INTO held FROM longtask_tasks WHERE run_id = NEW.run_id AND id = NEW.task;
    IF NOT FOUND OR held.attempts <> NEW.attempt OR held.status <> 'in_progress'
            OR (held.lease_expires IS NOT NULL AND held.lease_expires < clock_timestamp()) THEN
        RAISE EXCEPTION USING ERRCODE = 'LT409',
            MESSAGE = format('task %s of run %s: attempt %s no longer holds it (the task is %s at attempt %s%s)',
                NEW.task, NEW.run_id, NEW.attempt, coalesce(held.status, 'missing'), coalesce(held.attempts, 0),
                CASE WHEN held.lease_expires < clock_timestamp() THEN ', its lease lapsed' ELSE '' END);
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER longtask_events_fence BEFORE INSERT ON longtask_events
    FOR EACH ROW EXECUTE FUNCTION longtask_check_fence();
CREATE TRIGGER longtask_results_fence BEFORE INSERT OR UPDATE ON longtask_results
    FOR EACH ROW EXECUTE FUNCTION longtask_check_fence();
CREATE TRIGGER longtask_transcripts_fence BEFORE INSERT ON longtask_transcripts
    FOR EACH ROW EXECUTE FUNCTION longtask_check_fence();
