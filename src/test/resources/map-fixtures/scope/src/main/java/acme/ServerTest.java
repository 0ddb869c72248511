package acme;

import org.junit.jupiter.api.Test;

class ServerTest {
    @Test
    void starts() {
    }
}
