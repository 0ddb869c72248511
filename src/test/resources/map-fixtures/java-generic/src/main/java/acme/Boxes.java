package acme;

import java.util.List;

public final class Boxes {
    private Boxes() {
    }

    public static <T> Box<T> wrap(T value) {
        return new Box<>(value);
    }

    public static <T extends Comparable<T>> List<Box<T>> wrapAll(List<T> values) {
        return values.stream().map(Boxes::wrap).toList();
    }

    public static String describe(Box<?> box) {
        return "box";
    }

    public static String describe(Box<?> box, String label) {
        return label;
    }
}
