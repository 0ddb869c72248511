package dev.longtask.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/**
 * {@code longtask --version}: the version, the commit it was built from and that commit's date, written into
 * {@code version.properties} by the build; "unknown" for what a build outside git could not know.
 */
final class Version implements CommandLine.IVersionProvider {
    private static final String RESOURCE = "version.properties";

    @Override
    public String[] getVersion() {
        Properties p = load();
        return new String[] {line(p.getProperty("version"), p.getProperty("commit"), p.getProperty("date"))};
    }

    static String line(String version, String commit, String date) {
        return "longtask " + known(version) + " (commit " + known(commit) + ", " + known(date) + ")";
    }

    private static String known(String value) {
        // An unfiltered placeholder means the build did not know the value.
        return value == null || value.isBlank() || value.contains("${") ? "unknown" : value;
    }

    private static Properties load() {
        Properties p = new Properties();
        try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                p.load(in);
            }
        } catch (IOException e) {
            // Left empty: every field shows as unknown.
        }
        return p;
    }
}
