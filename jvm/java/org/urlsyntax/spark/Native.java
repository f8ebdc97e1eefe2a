package org.urlsyntax.spark;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * The native half (the Rust crate {@code jvm/}), loaded from this jar: a
 * jar added to a Spark session reaches every executor with its library.
 */
final class Native {
    static {
        load();
    }

    private Native() {}

    /**
     * The handle of the option set {@code options}: the one opened before
     * for the same text (the library keeps them), or a new one. Throws
     * IllegalArgumentException for options naming no profile.
     */
    static native int open(String options);

    /** Field {@code field} of {@code url}'s split, or null. */
    static native String field(int context, String url, int field);

    /**
     * Copies the library out of the jar to a file of its own and loads it.
     * A file a load, because a library loaded by one class loader cannot
     * be loaded by another (Spark's driver and executors load this class
     * each through their own), and the file is removed once loaded.
     */
    private static void load() {
        String name = System.mapLibraryName("urlsyntax_jvm");
        try (InputStream library = Native.class.getResourceAsStream(name)) {
            if (library == null) {
                throw new UnsatisfiedLinkError("urlsyntax: " + name + " is not in the jar (built for another platform?)");
            }
            Path file = Files.createTempFile("urlsyntax-jvm-", "-" + name);
            try {
                Files.copy(library, file, StandardCopyOption.REPLACE_EXISTING);
                System.load(file.toAbsolutePath().toString());
            } finally {
                Files.deleteIfExists(file);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("urlsyntax: could not copy " + name + " out of the jar", e);
        }
    }
}
