package dev.longtask.cli.command;

import dev.longtask.api.Longtask;
import dev.longtask.api.ModelCheck;
import dev.longtask.api.ModelInfo;
import dev.longtask.api.Stores;
import dev.longtask.api.WorkspaceTrust;
import dev.longtask.cli.CliFailure;
import dev.longtask.cli.ExitCode;
import dev.longtask.cli.view.JsonOutput;
import dev.longtask.cli.view.RunEnding;
import dev.longtask.cli.view.TerminalSize;
import dev.longtask.cli.view.TextWidth;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.ModelPrice;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.model.config.Source;
import dev.longtask.model.Counts;
import dev.longtask.model.Durations;
import dev.longtask.model.PermissionRule;
import dev.longtask.store.RunLayout;
import java.io.PrintWriter;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.IntSupplier;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code longtask doctor}: shows which model the settings resolve to and where each setting came from, the approval
 * mode and permission rules, how bash runs here (which sandbox, or that it is off and how to turn it on), then
 * makes one tiny request to prove the provider answers. Exit 0 healthy, 2 not configured, 1 provider failed.
 */
@Command(name = "doctor", mixinStandardHelpOptions = true,
        description = "Show the resolved model and settings (and where each came from), then check the provider answers.")
final class DoctorCommand implements Callable<ExitCode> {
    private static final int WIDTH = 16;
    private static final int PROBE_ATTEMPTS = 2;
    private static final Duration PROBE_WAIT = Duration.ofSeconds(10);

    @Mixin
    ModelOptions model;

    @Option(names = {"-C", "--workdir"}, paramLabel = "DIR", defaultValue = ".",
            description = "Workspace whose .longtask/config.yaml applies (default: the current directory)")
    Path workdir;

    @Option(names = "--json", description = "Print what was found as one JSON object: each line's value and, where"
            + " it is shown, its source.")
    boolean json;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    private final Environment environment;
    /** The terminal's width lines are wrapped to; 0 (a pipe, a file) leaves them whole. */
    IntSupplier columns = TerminalSize::columnsOfStdout;
    /** What --json prints: each line's label (as a key) and value. */
    private final Map<String, Object> found = new LinkedHashMap<>();

    DoctorCommand() {
        this(Environment.system());
    }

    DoctorCommand(Environment environment) {
        this.environment = environment;
    }

    @Override
    public ExitCode call() {
        PrintWriter out = spec.commandLine().getOut();
        ExitCode code = examine(out);
        if (json) {
            out.println(JsonOutput.pretty(found));
        }
        out.flush();
        return code;
    }

    private ExitCode examine(PrintWriter out) {
        Longtask longtask = Longtask.builder().workspace(workdir).environment(environment).tape(model.tape()).build();
        Settings settings = settings(longtask, Flags.none());
        showFiles(out, settings);
        showPermissions(out, settings, longtask);
        showStore(out, settings);
        ModelInfo endpoint;
        try {
            endpoint = longtask.modelInfo(settings);
        } catch (ConfigException e) {
            line(out, "model", "not configured");
            if (json) {
                found.put("problem", e.getMessage());
            } else {
                out.println();
                out.println(e.getMessage());
            }
            return ExitCode.USAGE;
        }
        showEndpoint(out, endpoint);
        showSettings(out, settings, endpoint);
        if (!endpoint.ready()) {
            line(out, "status", "NOT CONFIGURED: " + endpoint.spec() + " needs " + endpoint.keyVariable());
            line(out, "what to do", "export " + endpoint.keyVariable() + "=...  (or choose another model with --model)");
            out.flush();
            return ExitCode.USAGE;
        }
        return probe(out, longtask, endpoint);
    }

    private void showFiles(PrintWriter out, Settings settings) {
        for (Settings.ConfigFileStatus f : settings.configFiles()) {
            String kind = f.kind() == Source.Kind.WORKSPACE_FILE ? "workspace config" : "user config";
            line(out, kind, f.path() + (f.present() ? "" : " (none)"));
        }
    }

    /**
     * Where runs are kept; for a shared store, whether it answers, and what its workers need: each run's workspace at
     * the same path on every machine.
     */
    private void showStore(PrintWriter out, Settings settings) {
        var store = settings.store();
        String spec = store.map(r -> r.value()).orElse("files");
        String source = store.map(r -> "   [" + r.source() + "]").orElse("");
        if (store.filter(r -> r.source().kind() == Source.Kind.WORKSPACE_FILE).isPresent()
                && WorkspaceTrust.of(environment).reviewOf(workdir).blocks()) {
            // the database a workspace names could be anybody's: not even asked whether it answers
            line(out, "store", "NOT REACHED: " + spec + " is not trusted; review and trust it with: longtask trust "
                    + workdir.toAbsolutePath().normalize() + source);
            return;
        }
        try (dev.longtask.model.run.RunStores stores = Stores.of(spec, environment.variables(), 1)) {
            if (!stores.shared()) {
                line(out, "store", "files in " + workdir.toAbsolutePath().normalize().resolve(RunLayout.RUNS)
                        + source);
                return;
            }
            line(out, "store", stores.where(workdir) + ", reachable" + source);
        } catch (RuntimeException e) {
            // a malformed URL, a refused password, a database that does not answer: said, not thrown
            line(out, "store", "NOT USABLE: " + e.getMessage() + source);
        }
        line(out, "workers", "every worker needs each run's workspace at the same path as where the run was started "
                + "(a shared file system); this one is " + workdir.toAbsolutePath().normalize());
    }

    /** The approval mode, the rules with their files, and how bash runs here (probed now). */
    private void showPermissions(PrintWriter out, Settings settings, Longtask longtask) {
        line(out, "approval", settings.approval().value().wire() + "   [" + settings.approval().source() + "]");
        List<PermissionRule> rules = settings.permissionRules();
        try {
            longtask.checkPermissions(workdir, settings);
        } catch (IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
        line(out, "rules", rules.isEmpty() ? "none (add them to .claude/settings.json or permissions: in "
                + ".longtask/config.yaml)" : rules.size() + (rules.size() == 1 ? " rule" : " rules"));
        rules.forEach(r -> line(out, "", r.toString()));
        line(out, "sandbox", settings.sandbox().value().wire() + "   [" + settings.sandbox().source() + "]");
        line(out, "shell", longtask.shell(settings.sandbox().value()));
        out.flush();
    }

    private void showEndpoint(PrintWriter out, ModelInfo e) {
        line(out, "model", e.spec() + "   [" + e.modelSource() + "]");
        line(out, "protocol", e.protocol() + (e.textProtocol().value()
                ? " with the text tool protocol   [" + e.textProtocol().source() + "]"
                : " with native tool calls"));
        line(out, "base URL", e.baseUrl() + "   [" + e.baseUrlSource() + "]");
        if (e.keyVariable() == null) {
            line(out, "API key", "none needed");
        } else {
            line(out, "API key", e.keyVariable() + (e.keyPresent() ? " is set (value not shown)"
                    : e.keyRequired() ? " is NOT set" : " not set (sent when set; this server may not need one)"));
        }
        line(out, "context window", Counts.full(e.contextWindow().value()) + " tokens   [" + e.contextWindow().source()
                + "]", e.contextWindow().value());
        line(out, "price", e.price().map(DoctorCommand::price).orElse(
                "unknown: costs show as unknown (add it under prices: in config.yaml)"));
        e.warnings().forEach(w -> line(out, "warning", w));
    }

    private static String price(Resolved<ModelPrice> p) {
        ModelPrice m = p.value();
        if (Stream.of(m.input(), m.output(), m.cacheRead(), m.cacheWrite()).allMatch(v -> v.signum() == 0)) {
            return "no charge per token   [" + p.source() + "]";
        }
        return "$" + plain(m.input()) + " in, $" + plain(m.output()) + " out, $" + plain(m.cacheRead())
                + " cache read, $" + plain(m.cacheWrite()) + " cache write per million tokens   [" + p.source() + "]";
    }

    private void showSettings(PrintWriter out, Settings settings, ModelInfo endpoint) {
        for (SettingKey key : List.of(SettingKey.CONCURRENCY, SettingKey.MAX_TOKENS, SettingKey.MAX_COST_USD,
                SettingKey.MAX_TIME, SettingKey.MAX_OUTPUT_TOKENS, SettingKey.REQUEST_TIMEOUT,
                SettingKey.TASK_TIMEOUT,
                SettingKey.RETRY_MAX_ATTEMPTS, SettingKey.RETRY_MAX_WAIT, SettingKey.FSYNC)) {
            settings.get(key).ifPresent(r -> line(out, key.key(), show(r.value()) + effective(key, r.value(), endpoint)
                    + "   [" + r.source() + "]", r.value() instanceof Number n ? n : null));
        }
    }

    /** What a setting comes to for this model when that differs from its value: the output cap of a small window. */
    private static String effective(SettingKey key, Object value, ModelInfo endpoint) {
        if (key == SettingKey.MAX_OUTPUT_TOKENS && value instanceof Integer configured
                && endpoint.maxOutputTokens(configured) < configured) {
            return ", but a call gets at most " + Counts.full(endpoint.maxOutputTokens(configured)) + " (a quarter of"
                    + " the " + Counts.full(endpoint.contextWindow().value()) + "-token context window)";
        }
        return "";
    }

    /** The settings of the workspace, with the model flags and {@code extra}; a bad value is a usage error. */
    private Settings settings(Longtask longtask, Flags extra) {
        try {
            return longtask.settings(workdir, model.flags(extra));
        } catch (ConfigException | IllegalArgumentException e) {
            throw CliFailure.usage(e.getMessage());
        }
    }

    private ExitCode probe(PrintWriter out, Longtask longtask, ModelInfo endpoint) {
        // A quick answer beats a run's patience: doctor's own limits, said as such (not as retry.*).
        line(out, "check", "one short request, at most " + PROBE_ATTEMPTS + " attempts within "
                + Durations.text(PROBE_WAIT) + " (doctor's own limits; a run retries as retry.* says)");
        out.flush();
        Settings quick = settings(longtask, Flags.none()
                .set(SettingKey.RETRY_MAX_ATTEMPTS, "doctor", PROBE_ATTEMPTS)
                .set(SettingKey.RETRY_MAX_WAIT, "doctor", PROBE_WAIT.toSeconds() + "s"));
        ModelCheck check;
        try {
            check = longtask.checkModel(quick, retry -> {
                line(out, "attempt " + retry.attempt(), "failed (" + retry.error() + "); retrying in "
                        + show(retry.retryIn()));
                out.flush();
            });
        } catch (ConfigException e) {
            throw CliFailure.usage(e.getMessage());
        }
        if (check.answered() && check.answer().isBlank()) {
            line(out, "request", "answered in " + Durations.text(check.took()) + " with no text ("
                    + RunEnding.usage(check.usage()) + ")");
            line(out, "warning", "the model answered nothing to \"reply with the single word: pong\": check that "
                    + endpoint.spec() + " is a chat model that writes text; tasks need its answers");
            line(out, "status", "reachable, but the model answered nothing");
            out.flush();
            return ExitCode.OK;
        }
        if (check.answered()) {
            line(out, "request", "ok in " + Durations.text(check.took()) + ": \"" + check.answer() + "\" ("
                    + RunEnding.usage(check.usage()) + ")");
            line(out, "status", "healthy");
            out.flush();
            return ExitCode.OK;
        }
        line(out, "request", "FAILED: " + check.error());
        line(out, "what to do", check.advice());
        line(out, "status", "provider failed");
        out.flush();
        return ExitCode.FAILED;
    }

    private void line(PrintWriter out, String label, String text) {
        line(out, label, text, null);
    }

    /** A line whose value is a count: {@code number} is what --json gives as its value, a number, not its text. */
    private void line(PrintWriter out, String label, String text, Number number) {
        if (json && label.equals("warning")) {
            // a model may have several warnings: all of them, in a list, rather than the last one
            @SuppressWarnings("unchecked")
            List<String> warnings = (List<String>) found.computeIfAbsent("warnings", k -> new ArrayList<String>());
            warnings.add(text);
            return;
        }
        if (json) {
            int source = text.lastIndexOf("   [");
            Object value = number != null ? number : source > 0 && text.endsWith("]") ? text.substring(0, source) : text;
            found.put(label.toLowerCase(Locale.ROOT).replace(' ', '_'), source > 0 && text.endsWith("]")
                    ? Map.of("value", value, "source", text.substring(source + 4, text.length() - 1))
                    : value);
            return;
        }
        String line = String.format("%-" + WIDTH + "s", label) + (label.length() >= WIDTH ? " " : "") + text;
        int width = columns.getAsInt();
        // On a terminal, long values wrap at spaces under the value column rather than break mid-word.
        (width > 0 ? TextWidth.wrap(line, width - 1, " ".repeat(WIDTH)) : List.of(line)).forEach(out::println);
    }

    private static String show(Object value) {
        if (value instanceof Duration d) {
            return Durations.text(d);
        }
        if (value instanceof BigDecimal b) {
            return plain(b);
        }
        if (value instanceof Integer || value instanceof Long) {
            return Counts.full(((Number) value).longValue());
        }
        return String.valueOf(value);
    }

    private static String plain(BigDecimal b) {
        return b.stripTrailingZeros().toPlainString();
    }
}
