package dev.longtask.store.postgres;

import dev.longtask.model.Event;
import dev.longtask.model.EventType;
import dev.longtask.model.Task;
import dev.longtask.store.Draft;
import dev.longtask.store.EventSourcedRunStore.Committed;
import dev.longtask.store.RunState;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The claims the ends of a run's tasks are to make (see {@link PostgresRunStore#claimWithEnd}), by the task that ends:
 * the end and the claim are one commit, the end fenced by its attempt as ever, the claim decided on the state the end
 * leaves.
 */
final class NextClaims {
    /** A claim for {@code owner} of none of {@code busy}, handed to {@code taken} once committed. */
    private record Next(String owner, Supplier<Set<Integer>> busy, Consumer<Task> taken) {
    }

    private final Map<Integer, Next> byTask = new ConcurrentHashMap<>();

    void put(int id, String owner, Supplier<Set<Integer>> busy, Consumer<Task> taken) {
        byTask.put(id, new Next(owner, busy, taken));
    }

    void drop(int id) {
        byTask.remove(id);
    }

    /** Commits the end of task {@code id} ({@code steps}) with the claim asked for it, if any; the task as it ends. */
    Task end(PostgresCommits commits, int id, List<Function<RunState, Draft>> steps) {
        Next next = byTask.remove(id);
        PostgresCommits.ClaimPick pick = null;
        if (next != null) {
            Set<Integer> busy = new HashSet<>(next.busy().get());
            busy.add(id); // never the task that ends: its next attempt would carry this one's fence
            pick = new PostgresCommits.ClaimPick(List.of(next.owner()), false, busy);
        }
        Committed done = commits.commitAll(steps, id, pick);
        if (next != null) {
            for (Event event : done.events()) {
                if (EventType.TASK_CLAIMED.equals(event.type()) && event.task() != id) {
                    next.taken().accept(done.state().task(event.task()));
                }
            }
        }
        return done.state().task(id);
    }
}
