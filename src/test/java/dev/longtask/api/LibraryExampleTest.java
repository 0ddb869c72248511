package dev.longtask.api;

import static dev.longtask.testing.ScriptedModel.call;
import static dev.longtask.testing.ScriptedModel.decide;
import static dev.longtask.testing.ScriptedModel.report;
import static dev.longtask.testing.ScriptedModel.submitResult;
import static dev.longtask.testing.ScriptedModel.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.run.FsyncPolicy;
import dev.longtask.testing.EngineFixture;
import dev.longtask.testing.ScriptedModel;
import java.io.StringWriter;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The example of docs/library.md compiles, and runs as it says: a run against a scripted model, and a run planned by
 * hand and cancelled with its reason.
 */
class LibraryExampleTest {
    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)```", Pattern.DOTALL);

    @TempDir
    Path tmp;

    @Test
    void theExampleOfTheLibraryPageCompilesAndRuns() throws Exception {
        String page = Files.readString(Path.of("docs/library.md"), StandardCharsets.UTF_8);
        Matcher block = JAVA_BLOCK.matcher(page);
        assertThat(block.find()).as("docs/library.md has a java block").isTrue();
        Path sources = Files.createDirectories(tmp.resolve("src"));
        Path classes = Files.createDirectories(tmp.resolve("classes"));
        Path source = Files.writeString(sources.resolve("LibraryExample.java"), block.group(1));
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        StringWriter diagnostics = new StringWriter();
        boolean compiled = javac.getTask(diagnostics, null, null, List.of("-d", classes.toString(), "-classpath",
                System.getProperty("java.class.path")), null,
                javac.getStandardFileManager(null, null, StandardCharsets.UTF_8).getJavaFileObjects(source.toFile()))
                .call();
        assertThat(compiled).as(diagnostics.toString()).isTrue();

        Path workspace = Files.createDirectories(tmp.resolve("ws"));
        Files.createDirectories(workspace.resolve("notes"));
        Files.writeString(workspace.resolve("notes/a.md"), "The store fsyncs every event.\n");
        ScriptedModel model = new ScriptedModel(turn -> switch (turn.role()) {
            case "planner" -> call("submit_plan", EngineFixture.plan(EngineFixture.task("s", "Write the summary",
                    "general", List.of(), Map.of("summary", "docs/summary.md"))));
            case "director" -> decide("continue", "the summary is written");
            case "synthesizer" -> report("Summary of the notes", "# Summary of the notes\n\nOne page.");
            default -> turn.step() == 1 ? write("docs/summary.md", "# Summary\n\nThe store fsyncs every event.\n")
                    : submitResult(true, "wrote docs/summary.md");
        });
        try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
                getClass().getClassLoader());
             Longtask longtask = Longtask.builder().workspace(workspace).home(tmp.resolve("home"))
                     .environment(Map.of()).llm(model, EngineFixture.models(model).pricing())
                     .fsync(FsyncPolicy.NONE).build()) {
            Method summarise = loader.loadClass("LibraryExample").getMethod("summarise", Longtask.class);
            String result = (String) summarise.invoke(null, longtask);

            assertThat(result).startsWith("run ").contains("1 tasks", "events", "# Summary of the notes");
            assertThat(workspace.resolve("docs/summary.md")).content().contains("fsyncs every event");

            Method byHand = loader.loadClass("LibraryExample").getMethod("planByHandThenCancel", Path.class);
            String cancelled = (String) byHand.invoke(null, workspace);
            assertThat(cancelled).matches("run \\S+ is cancelled: 1 of 1 tasks cancelled, in .*")
                    .contains(workspace.resolve(".longtask/runs").toString());
            String runId = cancelled.split(" ")[1];
            Runs runs = Runs.of(Stores.files(), workspace);
            assertThat(runs.snapshot(runId).figures().statusReason())
                    .isEqualTo("cancelled by the example: the notes are fine");
            assertThat(runs.tasks(runId).get(0).inputs()).containsEntry("notes", "notes/a.md");
        }
    }
}
