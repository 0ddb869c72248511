package dev.longtask.model.config;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;

/** The likely meanings of a typo, for "did you mean": names a third of whose letters differ at most. */
public final class NearMiss {
    private NearMiss() {
    }

    /** The candidates {@code typed} is close to, nearest first, at most three. */
    public static List<String> among(String typed, Collection<String> candidates) {
        return candidates.stream().filter(c -> closeTo(typed, c))
                .sorted(Comparator.comparingInt((String c) -> editDistance(typed, c)).thenComparing(c -> c))
                .limit(3).toList();
    }

    /** Whether {@code candidate} is a likely meaning of the typo {@code typed}: a third of its letters differ at most. */
    public static boolean closeTo(String typed, String candidate) {
        return candidate.startsWith(typed) && typed.length() >= 3
                || editDistance(typed, candidate) <= Math.max(1, Math.min(typed.length(), candidate.length()) / 3);
    }

    /**
     * Letters inserted, deleted, replaced or swapped with their neighbour to turn {@code a} into {@code b} (a swap,
     * the commonest typo, counts one).
     */
    static int editDistance(String a, String b) {
        int[][] d = new int[a.length() + 1][b.length() + 1];
        for (int i = 0; i <= a.length(); i++) {
            d[i][0] = i;
        }
        for (int j = 0; j <= b.length(); j++) {
            d[0][j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            for (int j = 1; j <= b.length(); j++) {
                int cost = a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1;
                d[i][j] = Math.min(d[i - 1][j - 1] + cost, Math.min(d[i - 1][j], d[i][j - 1]) + 1);
                if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
                    d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
                }
            }
        }
        return d[a.length()][b.length()];
    }
}
