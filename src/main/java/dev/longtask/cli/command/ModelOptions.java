package dev.longtask.cli.command;

import dev.longtask.api.Configuration;
import dev.longtask.cli.CliFailure;
import dev.longtask.model.config.ConfigException;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.FlagException;
import dev.longtask.model.config.Flags;
import dev.longtask.model.config.SettingKey;
import dev.longtask.model.config.Settings;
import dev.longtask.model.llm.Tape;
import java.nio.file.Path;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * The model options every command that talks to a model shares ({@code @Mixin ModelOptions model;}): the flags
 * it turns into settings and requests of the runtime, and the record/replay tape. Configuration problems become a
 * one-line {@link CliFailure} with exit code 2.
 */
final class ModelOptions {
    @Spec(Spec.Target.MIXEE)
    CommandSpec command;

    @Option(names = "--model", paramLabel = "SPEC",
            description = "anthropic:<model>, openai:<model> or ollama:<model> (default: from config, else from the key present)")
    String model;

    @Option(names = "--base-url", paramLabel = "URL",
            description = "Server of the model, e.g. an OpenAI-compatible one (vLLM, llama.cpp, LM Studio): http://host:8000/v1")
    String baseUrl;

    @Option(names = "--record", paramLabel = "FILE",
            description = "Append every model request and response to FILE (JSON lines, no keys)")
    Path record;

    @Option(names = "--replay", paramLabel = "FILE",
            description = "Answer model requests from a file written by --record, with no network")
    Path replay;

    /** The flags of this mixin plus {@code extra} (the command's own, e.g. budgets). */
    Flags flags(Flags extra) {
        return extra.set(SettingKey.MODEL, "--model", model).set(SettingKey.BASE_URL, "--base-url", baseUrl);
    }

    Tape tape() {
        if (record != null && replay != null) {
            throw CliFailure.usage("--record and --replay cannot be used together");
        }
        return record != null ? Tape.record(record) : replay != null ? Tape.replay(replay) : Tape.NONE;
    }

    Settings settings(Environment environment, Path workspace, Flags extra) {
        try {
            return Configuration.load(environment, workspace, flags(extra));
        } catch (FlagException e) {
            // Bad input on the command line, as picocli's own refusals say it: with where to read more.
            throw CliFailure.usage(e.getMessage() + "; see '" + (command == null ? "longtask"
                    : command.qualifiedName()) + " --help'");
        } catch (ConfigException e) {
            throw CliFailure.usage(e.getMessage());
        }
    }
}
