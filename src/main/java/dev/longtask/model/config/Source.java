package dev.longtask.model.config;

/** Where a setting's value came from, so that {@code doctor} can say it. */
public record Source(Kind kind, String where) {

    public enum Kind { FLAG, ENVIRONMENT, WORKSPACE_FILE, USER_FILE, DEFAULT }

    public static Source flag(String flag) {
        return new Source(Kind.FLAG, flag);
    }

    public static Source environment(String variable) {
        return new Source(Kind.ENVIRONMENT, variable);
    }

    public static Source defaulted(String why) {
        return new Source(Kind.DEFAULT, why);
    }

    /** "flag --model", "environment OPENAI_BASE_URL", the file's path, "default" or "default (why)". */
    public String describe() {
        return switch (kind) {
            case FLAG -> "flag " + where;
            case ENVIRONMENT -> "environment " + where;
            case WORKSPACE_FILE, USER_FILE -> where;
            case DEFAULT -> where == null || where.isEmpty() ? "default" : "default (" + where + ")";
        };
    }

    @Override
    public String toString() {
        return describe();
    }
}
