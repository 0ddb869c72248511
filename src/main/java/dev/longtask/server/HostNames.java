package dev.longtask.server;

import java.util.List;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * The names a request's {@code Host} header may give a server without a token: {@code localhost} and names under
 * it, loopback addresses (127.0.0.0/8, ::1), and the names given (the bound address, {@code --allow-host}). Read
 * from the header's text alone, never resolved: resolving is what a rebinding attack controls.
 */
final class HostNames {
    private static final Pattern LOOPBACK_V4 = Pattern.compile("127(\\.(25[0-5]|2[0-4][0-9]|1?[0-9]?[0-9])){3}");

    private final List<String> allowed;

    HostNames(List<String> allowed) {
        this.allowed = allowed.stream().map(HostNames::name).toList();
    }

    /** Whether the header {@code host} ({@code name}, {@code name:port}, {@code [v6]:port}) names this server. */
    boolean allows(String host) {
        if (host == null || host.isBlank()) {
            return false;
        }
        String name = name(host);
        return name.equals("localhost") || name.endsWith(".localhost") || LOOPBACK_V4.matcher(name).matches()
                || name.equals("::1") || name.equals("0:0:0:0:0:0:0:1") || allowed.contains(name);
    }

    String describe() {
        return allowed.isEmpty() ? "nothing else" : String.join(", ", allowed);
    }

    /** The host name of a header or an option, lower case, without port, brackets and a final dot. */
    static String name(String host) {
        String h = host.strip().toLowerCase(Locale.ROOT);
        if (h.startsWith("[")) {
            int end = h.indexOf(']');
            h = end < 0 ? h.substring(1) : h.substring(1, end);
        } else if (h.indexOf(':') == h.lastIndexOf(':') && h.indexOf(':') >= 0) {
            h = h.substring(0, h.indexOf(':'));
        }
        return h.endsWith(".") ? h.substring(0, h.length() - 1) : h;
    }
}
