package dev.longtask.cli.command;

import dev.longtask.model.config.Environment;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.nio.file.Path;
import picocli.CommandLine;

/** For tests of the whole command line: a factory whose {@code run} command works with a scripted model. */
public final class ScriptedRunCommand {
    private ScriptedRunCommand() {
    }

    /** Commands as picocli makes them, except {@code run}: {@code model}'s, with {@code home} and no keys. */
    public static CommandLine.IFactory factory(ScriptedModel model, Path home, Environment environment) {
        RunDriver.Assembly scripted = b -> b.home(home).llm(model, EngineFixture.models(model).pricing());
        return new CommandLine.IFactory() {
            @Override
            public <K> K create(Class<K> type) throws Exception {
                return type == RunCommand.class ? type.cast(new RunCommand(environment, scripted))
                        : CommandLine.defaultFactory().create(type);
            }
        };
    }
}
