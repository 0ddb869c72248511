package dev.longtask.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Queue;
import java.util.stream.Stream;

/**
 * A client of one run's Server-Sent Events through every crash, freeze and restart of the server, as a browser's
 * EventSource is: it reconnects with {@code Last-Event-ID} and checks that every event comes once, right after the
 * one before it (no filter, so the ids are the log's seqs 1, 2, 3, ...), until the stream's {@code end}.
 */
final class SoakStream {
    private static final ObjectMapper JSON = new ObjectMapper();

    private final HttpClient http;
    private final String url;
    private final String run;
    private final Queue<String> violations;
    private final Thread thread;
    private volatile long last;
    private volatile long endSeq = -1;
    private volatile boolean stopped;

    private SoakStream(HttpClient http, String serverUrl, String run, Queue<String> violations) {
        this.http = http;
        this.url = serverUrl + "/api/runs/" + run + "/events";
        this.run = run;
        this.violations = violations;
        this.thread = new Thread(this::follow, "soak-stream-" + run);
        thread.setDaemon(true);
    }

    static SoakStream follow(HttpClient http, String serverUrl, String run, Queue<String> violations) {
        SoakStream stream = new SoakStream(http, serverUrl, run, violations);
        stream.thread.start();
        return stream;
    }

    private void follow() {
        while (!stopped && endSeq < 0) {
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url))
                    .header("Accept", "text/event-stream");
            if (last > 0) {
                request.header("Last-Event-ID", Long.toString(last));
            }
            try {
                HttpResponse<Stream<String>> r = http.send(request.build(), HttpResponse.BodyHandlers.ofLines());
                if (r.statusCode() == 200) {
                    read(r.body());
                } else {
                    r.body().close();
                }
            } catch (java.io.IOException | UncheckedIOException e) {
                // the server is away (killed, restarting): connect again, as EventSource does
            } catch (InterruptedException e) {
                return;
            }
            if (endSeq < 0 && !stopped) {
                try {
                    Thread.sleep(500); // the reconnection delay of a client, not a synchronisation
                } catch (InterruptedException e) {
                    return;
                }
            }
        }
    }

    private void read(Stream<String> lines) throws java.io.IOException {
        String event = null;
        try (lines) {
            for (String line : (Iterable<String>) lines::iterator) {
                if (stopped) {
                    return;
                }
                if (line.startsWith("event:")) {
                    event = line.substring(6).strip();
                } else if (line.startsWith("id:")) {
                    long id = Long.parseLong(line.substring(3).strip());
                    if (id != last + 1) {
                        violations.add("event stream of run " + run + ": event " + id + " after event " + last);
                    }
                    last = Math.max(last, id);
                } else if (line.startsWith("data:") && "end".equals(event)) {
                    endSeq = JSON.readTree(line.substring(5).strip()).path("last_seq").asLong();
                    return;
                }
            }
        }
    }

    /** The seq its {@code end} event gave, or -1 before it. */
    long endSeq() {
        return endSeq;
    }

    /** The last event id it saw. */
    long last() {
        return last;
    }

    void stop() {
        stopped = true;
        thread.interrupt();
    }

    static HttpClient client() {
        return HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    }
}
