package dev.longtask.model.run;

import dev.longtask.model.LongtaskException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;

/** A failure of the run store whose message names what is wrong (the run, the file, the task) and what to do. */
public class StoreException extends LongtaskException {
    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * True when the store's database could not be reached (a restart, a failover, the network): nothing was
     * refused, and the same change may be made again once it answers. A process waits for it rather than failing.
     */
    public boolean unavailable() {
        return unavailable(this);
    }

    /** True when {@code failure}, or a cause of it, is the database being away (see {@link #unavailable()}). */
    public static boolean unavailable(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (t instanceof SQLTransientConnectionException) {
                return true; // the pool could not get a connection in time
            }
            if (t instanceof SQLException sql && sql.getSQLState() != null && connectionLost(sql.getSQLState())) {
                return true;
            }
            if (t instanceof java.sql.SQLNonTransientConnectionException || t instanceof java.sql.SQLRecoverableException
                    || t instanceof java.net.SocketException || t instanceof java.io.EOFException) {
                return true;
            }
            if (t instanceof SQLException sql && sql.getSQLState() == null && "Connection is closed".equals(sql.getMessage())) {
                return true; // the pool's handle of a connection the database cut (it says no SQLSTATE)
            }
        }
        return false;
    }

    /**
     * SQLSTATE class 08 (connection exception) and the server shutting down or starting up (57P01 admin_shutdown,
     * 57P02 crash_shutdown, 57P03 cannot_connect_now).
     */
    private static boolean connectionLost(String state) {
        return state.startsWith("08") || state.equals("57P01") || state.equals("57P02") || state.equals("57P03");
    }
}
