package dev.longtask.server;

import java.net.URI;
import java.util.List;

/**
 * One route of the config's {@code routes:}: which events of which runs go to which webhook, in what JSON.
 *
 * @param runs         run ids, or {@code pool}, {@code foreground}, {@code *}
 * @param secret       signs each body ({@code X-Longtask-Signature}) and, for Feishu and DingTalk, their own
 *                     signature; null for none
 * @param unlessViewed skip a run's events while someone watches that run's event stream (the seed's rule)
 */
record Route(String name, URI url, WebhookFormat format, String secret, EventFilter events, List<String> runs,
             boolean unlessViewed) {

    boolean covers(PoolEntry entry) {
        for (String pattern : runs) {
            if (pattern.equals("*") || pattern.equals(entry.runId())
                    || (pattern.equals("pool") && !entry.foreground())
                    || (pattern.equals("foreground") && entry.foreground())) {
                return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return "route " + name + " (" + format.wire() + " to " + url.getHost() + ")";
    }
}
