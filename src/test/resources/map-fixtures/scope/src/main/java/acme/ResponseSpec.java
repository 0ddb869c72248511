package acme;

/** The specification of a response: not a test, whatever its name says. */
public final class ResponseSpec {
    public int status() {
        return 200;
    }
}
