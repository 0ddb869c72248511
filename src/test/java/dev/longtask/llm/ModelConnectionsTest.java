package dev.longtask.llm;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** One HTTP client per provider endpoint, shared; dropped once idle past the idle time, never while in use. */
class ModelConnectionsTest {
    private final AtomicLong now = new AtomicLong();
    private final ModelConnections connections = new ModelConnections(Duration.ofSeconds(60), now::get);
    private final ModelConnections.Key openai = new ModelConnections.Key("OPENAI http://a/v1 k1", Duration.ofSeconds(20));
    private final ModelConnections.Key otherKey = new ModelConnections.Key("OPENAI http://a/v1 k2", Duration.ofSeconds(20));

    @Test
    void clientsOfOneEndpointShareOneHttpClientAndAnotherEndpointGetsItsOwn() {
        java.net.http.HttpClient first = connections.acquire(openai);
        connections.release(openai);
        java.net.http.HttpClient second = connections.acquire(new ModelConnections.Key("OPENAI http://a/v1 k1",
                Duration.ofSeconds(20)));
        connections.release(openai);
        java.net.http.HttpClient other = connections.acquire(otherKey);
        connections.release(otherKey);
        assertThat(second).isSameAs(first);
        assertThat(other).isNotSameAs(first);
        assertThat(connections.held()).isEqualTo(2);
    }

    @Test
    void anIdleClientIsDroppedAtTheNextRequestButOneInUseIsKept() {
        java.net.http.HttpClient idle = connections.acquire(openai);
        connections.release(openai);
        connections.acquire(otherKey); // still in flight when the time passes
        now.addAndGet(Duration.ofSeconds(61).toNanos());
        java.net.http.HttpClient again = connections.acquire(openai);
        assertThat(again).as("a new client after the idle one was dropped").isNotSameAs(idle);
        now.addAndGet(Duration.ofSeconds(61).toNanos());
        connections.release(openai);
        connections.acquire(new ModelConnections.Key("ANTHROPIC http://b k3", null));
        assertThat(connections.held()).as("the one in flight and the new one; the released one was just used").isEqualTo(3);
    }
}
