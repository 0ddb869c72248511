package dev.longtask.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Set;

/** The server's bearer token: read from its file, or made on first start in a file only its owner can read. */
final class TokenFile {
    private static final Set<PosixFilePermission> OWNER_ONLY = PosixFilePermissions.fromString("rw-------");

    private TokenFile() {
    }

    /** The token in {@code file}, creating the file (mode 0600) with a new random token when it is missing. */
    static String loadOrCreate(Path file) throws IOException {
        if (Files.notExists(file)) {
            Files.createDirectories(file.toAbsolutePath().getParent());
            byte[] random = new byte[32];
            new SecureRandom().nextBytes(random);
            String token = Base64.getUrlEncoder().withoutPadding().encodeToString(random);
            try {
                Files.createFile(file, PosixFilePermissions.asFileAttribute(OWNER_ONLY));
                Files.setPosixFilePermissions(file, OWNER_ONLY);
                Files.writeString(file, token + "\n", StandardCharsets.UTF_8);
                return token;
            } catch (FileAlreadyExistsException raced) {
                // another server made it first: use theirs
            } catch (UnsupportedOperationException noPosix) {
                Files.writeString(file, token + "\n", StandardCharsets.UTF_8);
                return token;
            }
        }
        String token = Files.readString(file, StandardCharsets.UTF_8).strip();
        if (token.length() < 16) {
            throw new IOException("the token in " + file + " is shorter than 16 characters; put a longer one there "
                    + "or delete the file to have one made");
        }
        try {
            if (!Files.getPosixFilePermissions(file).equals(OWNER_ONLY)) {
                Files.setPosixFilePermissions(file, OWNER_ONLY);
            }
        } catch (UnsupportedOperationException noPosix) {
            // a file system without POSIX modes: nothing to tighten
        }
        return token;
    }
}
