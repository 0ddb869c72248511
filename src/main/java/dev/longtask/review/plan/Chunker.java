package dev.longtask.review.plan;

import dev.longtask.model.review.Chunk;
import dev.longtask.model.review.ChunkPart;
import dev.longtask.model.review.MappedFile;
import dev.longtask.model.review.RepoMap;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Groups the files of a map into chunks of at most {@code budget} code tokens along directory (package,
 * module) boundaries:
 * <ul>
 *   <li>a directory whose whole subtree fits the budget is one chunk;</li>
 *   <li>otherwise its own files and its subdirectories that fit are packed first-fit, in path order, into as
 *       few chunks as fit (a small subdirectory is never torn apart), and larger subdirectories are chunked
 *       the same way on their own;</li>
 *   <li>a file larger than the budget is split into line ranges at its definition boundaries (each cut moved
 *       up over the definition's comments and annotations); a single definition larger than the budget is
 *       split between lines.</li>
 * </ul>
 * Every file is covered by exactly one chunk, or its ranges by exactly one chunk each, covering the file.
 * A chunk exceeds the budget only when it holds a single line that alone exceeds it.
 */
public final class Chunker {
    public static final long DEFAULT_BUDGET = 20_000;

    private final long budget;

    public Chunker(long budget) {
        if (budget <= 0) {
            throw new IllegalArgumentException("chunk budget must be positive, was " + budget);
        }
        this.budget = budget;
    }

    public long budget() {
        return budget;
    }

    public List<Chunk> chunk(RepoMap map) {
        return chunk(map.files());
    }

    public List<Chunk> chunk(List<MappedFile> files) {
        Node root = new Node("");
        files.stream().sorted(Comparator.comparing(MappedFile::path)).forEach(file -> {
            Node node = root;
            String dir = file.directory();
            if (!dir.equals(".")) {
                StringBuilder prefix = new StringBuilder();
                for (String part : dir.split("/")) {
                    prefix.append(prefix.length() == 0 ? "" : "/").append(part);
                    node = node.children.computeIfAbsent(part, k -> new Node(prefix.toString()));
                }
            }
            node.items.addAll(items(file));
        });
        root.total();
        List<List<ChunkPart>> bins = new ArrayList<>();
        pack(root, bins);
        bins.sort(Comparator.comparing((List<ChunkPart> b) -> b.get(0).path()).thenComparingInt(b -> b.get(0).startLine()));
        List<Chunk> chunks = new ArrayList<>();
        for (List<ChunkPart> bin : bins) {
            long tokens = bin.stream().mapToLong(ChunkPart::tokens).sum();
            chunks.add(new Chunk(String.format("chunk-%03d", chunks.size() + 1), module(bin), List.copyOf(bin), tokens));
        }
        return chunks;
    }

    private static final class Node {
        final String dir;
        final Map<String, Node> children = new TreeMap<>();
        final List<ChunkPart> items = new ArrayList<>();
        long total;

        Node(String dir) {
            this.dir = dir;
        }

        long total() {
            total = items.stream().mapToLong(ChunkPart::tokens).sum();
            for (Node child : children.values()) {
                total += child.total();
            }
            return total;
        }

        void collect(List<ChunkPart> into) {
            into.addAll(items);
            children.values().forEach(child -> child.collect(into));
        }
    }

    private void pack(Node node, List<List<ChunkPart>> out) {
        if (node.total <= budget) {
            List<ChunkPart> all = new ArrayList<>();
            node.collect(all);
            if (!all.isEmpty()) {
                out.add(all);
            }
            return;
        }
        List<List<ChunkPart>> groups = new ArrayList<>();
        node.items.forEach(item -> groups.add(List.of(item)));
        for (Node child : node.children.values()) {
            if (child.total <= budget) {
                List<ChunkPart> all = new ArrayList<>();
                child.collect(all);
                groups.add(all);
            } else {
                pack(child, out);
            }
        }
        List<List<ChunkPart>> bins = new ArrayList<>();
        List<Long> fill = new ArrayList<>();
        for (List<ChunkPart> group : groups) {
            long size = group.stream().mapToLong(ChunkPart::tokens).sum();
            int target = -1;
            for (int k = 0; k < bins.size(); k++) {
                if (fill.get(k) + size <= budget) {
                    target = k;
                    break;
                }
            }
            if (target < 0) {
                bins.add(new ArrayList<>());
                fill.add(0L);
                target = bins.size() - 1;
            }
            bins.get(target).addAll(group);
            fill.set(target, fill.get(target) + size);
        }
        out.addAll(bins);
    }

    /** The whole file when it fits, else its ranges. */
    List<ChunkPart> items(MappedFile file) {
        if (file.tokens() <= budget) {
            return List.of(new ChunkPart(file.path(), 1, file.lines(), file.tokens(), true));
        }
        List<ChunkPart> slices = new ArrayList<>();
        List<int[]> segments = segments(file);
        int start = -1;
        int end = -1;
        long tokens = 0;
        for (int[] segment : segments) {
            long size = file.tokens(segment[0], segment[1]);
            if (size > budget) {
                if (start > 0) {
                    slices.add(new ChunkPart(file.path(), start, end, tokens, false));
                    start = -1;
                }
                splitByLines(file, segment[0], segment[1], slices);
            } else if (start > 0 && tokens + size <= budget) {
                end = segment[1];
                tokens += size;
            } else {
                if (start > 0) {
                    slices.add(new ChunkPart(file.path(), start, end, tokens, false));
                }
                start = segment[0];
                end = segment[1];
                tokens = size;
            }
        }
        if (start > 0) {
            slices.add(new ChunkPart(file.path(), start, end, tokens, false));
        }
        return slices;
    }

    /** Consecutive line ranges that start at line 1 and at each cut line, covering the file. */
    private static List<int[]> segments(MappedFile file) {
        List<int[]> segments = new ArrayList<>();
        int start = 1;
        for (int cut : file.cutLines()) {
            if (cut > start && cut <= file.lines()) {
                segments.add(new int[] {start, cut - 1});
                start = cut;
            }
        }
        segments.add(new int[] {start, file.lines()});
        return segments;
    }

    private void splitByLines(MappedFile file, int from, int to, List<ChunkPart> slices) {
        int start = from;
        long tokens = 0;
        for (int line = from; line <= to; line++) {
            int lineTokens = file.lineTokens()[line - 1];
            if (line > start && tokens + lineTokens > budget) {
                slices.add(new ChunkPart(file.path(), start, line - 1, tokens, false));
                start = line;
                tokens = 0;
            }
            tokens += lineTokens;
        }
        slices.add(new ChunkPart(file.path(), start, to, tokens, false));
    }

    /** The deepest directory containing every part; "." for the root. */
    static String module(List<ChunkPart> parts) {
        String common = null;
        for (ChunkPart part : parts) {
            int slash = part.path().lastIndexOf('/');
            String dir = slash < 0 ? "" : part.path().substring(0, slash);
            if (common == null) {
                common = dir;
            } else {
                while (!common.isEmpty() && !(dir.equals(common) || dir.startsWith(common + "/"))) {
                    common = common.contains("/") ? common.substring(0, common.lastIndexOf('/')) : "";
                }
            }
        }
        return common == null || common.isEmpty() ? "." : common;
    }
}
