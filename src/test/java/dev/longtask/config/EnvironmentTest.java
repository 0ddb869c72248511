package dev.longtask.config;

import static org.assertj.core.api.Assertions.assertThat;

import dev.longtask.model.config.Environment;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The user's config file is where a shell user looks: under $XDG_CONFIG_HOME when set, else under $HOME. */
class EnvironmentTest {

    @Test
    void theUserConfigIsUnderHomeThenUnderXdgConfigHome() {
        assertThat(Environment.of(Map.of("HOME", "/home/ada")).userConfigFile())
                .isEqualTo(Path.of("/home/ada/.config/longtask/config.yaml"));
        assertThat(Environment.of(Map.of("HOME", "/home/ada", "XDG_CONFIG_HOME", "/cfg")).userConfigFile())
                .isEqualTo(Path.of("/cfg/longtask/config.yaml"));
        assertThat(Environment.of(Map.of("HOME", "/home/ada", "XDG_CONFIG_HOME", " ")).userConfigFile())
                .as("a blank XDG_CONFIG_HOME is unset").isEqualTo(Path.of("/home/ada/.config/longtask/config.yaml"));
        assertThat(Environment.home(Map.of())).as("no HOME: Java's user.home")
                .isEqualTo(Path.of(System.getProperty("user.home")).toAbsolutePath().normalize());
    }
}
