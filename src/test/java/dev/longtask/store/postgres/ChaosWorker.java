package dev.longtask.store.postgres;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.longtask.model.EventData;
import dev.longtask.model.JsonMapping;
import dev.longtask.model.run.FencedException;
import dev.longtask.model.run.StoreOptions;
import java.io.PrintStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * A worker process of {@link ChaosTest}: claims ready tasks through {@link PostgresWorkQueue} and works each as an
 * agent would record it on a simulated model (transcript lines, a result, a finding and the completion as one
 * commit), printing {@code DONE <task> <attempt>} after a completion returns and {@code FENCED <task> <attempt>} when
 * the database refused a write because the claim was lost. Args: store URL, owner, lease in ms, seed.
 */
public final class ChaosWorker {
    private ChaosWorker() {
    }

    public static void main(String[] args) throws Exception {
        String url = args[0];
        String owner = args[1];
        Duration lease = Duration.ofMillis(Long.parseLong(args[2]));
        Random random = new Random(Long.parseLong(args[3]));
        ObjectMapper json = JsonMapping.newMapper();
        PrintStream out = System.out;
        try (PostgresDatabase db = PostgresDatabase.connect(PostgresUrl.parse(url, Map.of()), Map.of(), 4);
             PostgresWorkQueue queue = new PostgresWorkQueue(db, StoreOptions.defaults().withSecrets(List.of()), lease)) {
            out.println("READY " + ProcessHandle.current().pid());
            out.flush();
            while (true) {
                queue.requeueLapsed();
                Optional<PostgresWorkQueue.Claimed> claimed = queue.next(owner);
                if (claimed.isEmpty()) {
                    Thread.sleep(20); // a daemon's poll interval, not a test's synchronisation
                    continue;
                }
                PostgresRunStore store = claimed.get().store();
                int id = claimed.get().task().id();
                int attempt = claimed.get().task().attempts();
                try {
                    store.transcript(id).append(json.createObjectNode().put("role", "user")
                            .put("content", "attempt " + attempt + " by " + owner));
                    Thread.sleep(2 + random.nextInt(20)); // the simulated model thinking
                    store.writeResult(id, json.createObjectNode().put("summary", "done by " + owner)
                            .put("attempt", attempt));
                    store.finish(id, true, "attempt " + attempt + " by " + owner,
                            List.of(new EventData.FindingAdded("task " + id + " attempt " + attempt, "general", null)));
                    out.println("DONE " + id + " " + attempt);
                } catch (FencedException e) {
                    out.println("FENCED " + id + " " + attempt);
                }
                out.flush();
            }
        }
    }
}
