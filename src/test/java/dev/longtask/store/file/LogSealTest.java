package dev.longtask.store.file;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.Budget;
import dev.longtask.model.Run;
import dev.longtask.model.run.SealCheck;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a seal file must hold line by line: each entry a hash in lower-case hex, or the seal does not parse. */
class LogSealTest {
    private static final String RUN = "20261128-140000-a1b2";

    @TempDir
    Path workspace;

    private Path runWithASeal() {
        try (FileRunStore store = FileRunStore.create(workspace, RUN, "Seal it", null, Budget.UNLIMITED,
                StoreOptions.defaults().withSecrets(List.of()))) {
            store.createTask(new dev.longtask.model.TaskDraft("one", "do one", "general", List.of(), java.util.Map.of(),
                    java.util.Map.of(), List.of()));
            return store.directory();
        }
    }

    private SealCheck verify(Path dir) throws Exception {
        Run run = FileRunStore.readRun(workspace, RUN);
        return LogSeal.verify(dir.resolve("events.jsonl"), dir.resolve("events.seal"),
                LogSeal.json(run.recordedSettings()));
    }

    /** Replaces the last hash line of the seal by what {@code change} makes of it. */
    private static void editLastHash(Path dir, java.util.function.UnaryOperator<String> change) throws Exception {
        Path seal = dir.resolve("events.seal");
        List<String> lines = new ArrayList<>(Files.readAllLines(seal));
        int last = lines.size() - 1;
        while (!lines.get(last).matches("[0-9a-f]{64}")) {
            last--;
        }
        lines.set(last, change.apply(lines.get(last)));
        Files.write(seal, lines);
    }

    @Test
    void theSealTheStoreWroteIsIntact() throws Exception {
        Path dir = runWithASeal();
        assertThat(verify(dir).kind()).isEqualTo(SealCheck.Kind.INTACT);
    }

    @Test
    void anEntryInUpperCaseHexDoesNotParse() throws Exception {
        Path dir = runWithASeal();
        editLastHash(dir, line -> line.substring(0, 63) + "A");
        SealCheck check = verify(dir);
        assertThat(check.kind()).isEqualTo(SealCheck.Kind.BROKEN);
        assertThat(check.problem()).contains("does not parse").contains("is neither a hash nor a note");
    }

    @Test
    void anEntryWithALetterPastFDoesNotParse() throws Exception {
        Path dir = runWithASeal();
        editLastHash(dir, line -> "g" + line.substring(1));
        assertThat(verify(dir).problem()).contains("is neither a hash nor a note");
    }

    @Test
    void anEntryOneCharacterShortOrLongDoesNotParse() throws Exception {
        Path dir = runWithASeal();
        editLastHash(dir, line -> line.substring(1));
        assertThat(verify(dir).problem()).contains("is neither a hash nor a note");
        Path again = workspace.resolve("again");
        Files.createDirectories(again);
        workspace = again;
        Path other = runWithASeal();
        editLastHash(other, line -> line + "0");
        assertThat(verify(other).problem()).contains("is neither a hash nor a note");
    }

    @Test
    void anEntryWithACharacterBeyondAsciiDoesNotParse() throws Exception {
        // U+0161 ends in the byte of 'a', U+00E9 is Latin-1: neither may pass for a hex digit
        Path dir = runWithASeal();
        editLastHash(dir, line -> line.substring(0, 63) + "\u0161");
        assertThat(verify(dir).problem()).contains("is neither a hash nor a note");
        Path again = workspace.resolve("again");
        Files.createDirectories(again);
        workspace = again;
        Path other = runWithASeal();
        editLastHash(other, line -> "\u00e9" + line.substring(1));
        assertThat(verify(other).problem()).contains("is neither a hash nor a note");
    }

    @Test
    void aLineMarkedAsFoundUnsealedIsAHashAfterItsMark() throws Exception {
        Path dir = runWithASeal();
        editLastHash(dir, line -> "-" + line);
        SealCheck check = verify(dir);
        assertThat(check.kind()).isEqualTo(SealCheck.Kind.BROKEN);
        assertThat(check.problem()).contains("some lines were not written by the store");
    }

    @Test
    void aLineMarkedAsFoundUnsealedMustStillBeAHash() throws Exception {
        Path dir = runWithASeal();
        editLastHash(dir, line -> "-" + line.substring(0, 63) + "z");
        assertThat(verify(dir).problem()).contains("is neither a hash nor a note");
    }
}
