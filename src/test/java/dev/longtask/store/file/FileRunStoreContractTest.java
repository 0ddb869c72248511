package dev.longtask.store.file;

import com.fasterxml.jackson.databind.JsonNode;
import dev.longtask.model.Budget;
import dev.longtask.model.run.RunSnapshot;
import dev.longtask.model.run.RunStore;
import dev.longtask.model.run.RunStores;
import dev.longtask.store.RunStoreContract;
import dev.longtask.model.run.StoreOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** The RunStore contract on the file store. */
class FileRunStoreContractTest extends RunStoreContract {

    @Override
    protected RunStore create(String runId, String goal, String model, Budget budget, StoreOptions options) {
        return FileRunStore.create(workspace, runId, goal, model, budget, options);
    }

    @Override
    protected RunStore reopen(String runId) {
        return FileRunStore.open(workspace, runId, options());
    }

    @Override
    protected RunSnapshot read(String runId) {
        return FileRunStore.read(workspace, runId);
    }

    @Override
    protected List<String> list() {
        return FileRunStore.list(workspace);
    }

    @Override
    protected List<JsonNode> transcript(RunStore store, String name) throws Exception {
        List<JsonNode> lines = new ArrayList<>();
        for (String line : Files.readAllLines(store.directory().resolve("transcripts/" + name + ".jsonl"))) {
            lines.add(JSON.readTree(line));
        }
        return lines;
    }

    @Override
    protected JsonNode result(RunStore store, int task) throws Exception {
        return JSON.readTree(store.directory().resolve("results/task_" + task + "/result.json").toFile());
    }

    @Override
    protected RunStores stores() {
        return FileRunStores.INSTANCE;
    }

    @Override
    protected String everythingWritten(RunStore store) throws Exception {
        StringBuilder all = new StringBuilder();
        try (Stream<Path> files = Files.walk(store.directory())) {
            for (Path file : files.filter(Files::isRegularFile).toList()) {
                all.append(Files.readString(file, java.nio.charset.StandardCharsets.ISO_8859_1));
            }
        }
        return all.toString();
    }
}
