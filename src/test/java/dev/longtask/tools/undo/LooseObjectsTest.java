package dev.longtask.tools.undo;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.InflaterInputStream;
import org.eclipse.jgit.lib.Constants;
import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.ObjectInserter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class LooseObjectsTest {
    @TempDir
    Path objects;

    @Test
    void anEmptyFileUnderAnObjectsNameIsWrittenAgainWithTheObject() throws Exception {
        byte[] content = "what the file held before the tool\n".getBytes(StandardCharsets.UTF_8);
        ObjectId id;
        try (ObjectInserter.Formatter hasher = new ObjectInserter.Formatter()) {
            id = hasher.idFor(Constants.OBJ_BLOB, content);
        }
        // what a crash can leave of an object renamed into place before its data reached the disk
        Path file = objects.resolve(id.name().substring(0, 2)).resolve(id.name().substring(2));
        Files.createDirectories(file.getParent());
        Files.write(file, new byte[0]);

        LooseObjects loose = new LooseObjects(objects);
        assertThat(loose.insert(Constants.OBJ_BLOB, content, 0, content.length, true)).isEqualTo(id);

        assertThat(inflated(file)).isEqualTo("blob " + content.length + "\0" + new String(content, StandardCharsets.UTF_8));
        try (var left = Files.list(file.getParent())) {
            assertThat(left).containsExactly(file); // no temporary file left beside it
        }
        loose.end();
    }

    @Test
    void anObjectAlreadyThereIsNotWrittenAgain() throws Exception {
        byte[] content = "same\n".getBytes(StandardCharsets.UTF_8);
        LooseObjects loose = new LooseObjects(objects);
        ObjectId id = loose.insert(Constants.OBJ_BLOB, content, 0, content.length, false);
        Path file = objects.resolve(id.name().substring(0, 2)).resolve(id.name().substring(2));
        Files.setLastModifiedTime(file, java.nio.file.attribute.FileTime.fromMillis(0));
        assertThat(loose.insert(Constants.OBJ_BLOB, content, 0, content.length, true)).isEqualTo(id);
        assertThat(Files.getLastModifiedTime(file).toMillis()).isZero();
        loose.end();
    }

    private static String inflated(Path file) throws Exception {
        try (InflaterInputStream in = new InflaterInputStream(Files.newInputStream(file))) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            in.transferTo(out);
            return out.toString(StandardCharsets.UTF_8);
        }
    }
}
