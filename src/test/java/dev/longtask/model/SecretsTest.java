package dev.longtask.model;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Which variable names are secrets: the long words anywhere, the short ones only as whole parts of the name. */
class SecretsTest {
    @ParameterizedTest(name = "{0} is a secret")
    @ValueSource(strings = {"ANTHROPIC_API_KEY", "openai_api_key", "GITHUB_TOKEN", "AWS_SECRET_ACCESS_KEY",
            "DB_PASSWORD", "PGPASSWORD", "DB_PASSWD", "GPG_PASSPHRASE", "GOOGLE_APPLICATION_CREDENTIALS",
            "GHA_CREDS_PATH", "SESSION_COOKIE", "SLACK_WEBHOOK_URL", "SENTRY_DSN", "HTTP_AUTHORIZATION",
            "GITHUB_PAT", "PAT", "GH_PAT_2", "STRIPE_SK", "SK", "DB_PASS", "PASS", "SMTP_PASS_1",
            "SSH_AUTH_SOCK", "NPM_CONFIG__AUTH", "CONSUL_HTTP_AUTH", "MYSQL_PWD", "REDIS_PW", "CI_JOB_JWT",
            "BW_SESSION", "OP_SESSION_myteam", "SONAR_LOGIN", "SIGNING_PRIVATE"})
    void secretNames(String name) {
        assertThat(Secrets.isSecret(name, "value")).isTrue();
    }

    @ParameterizedTest(name = "{0} is not a secret")
    @ValueSource(strings = {"PATH", "MANPATH", "LD_LIBRARY_PATH", "PATTERN", "TASK", "DISK", "DESK_ID", "SKIP_TESTS",
            "PWD", "OLDPWD", "GIT_AUTHOR_NAME", "GIT_AUTHOR_EMAIL", "AUTHOR", "BYPASSED_", "COMPASS_DIR", "HOME",
            "LANG", "TERM", "SHELL", "USER", "JAVA_HOME", "SSH_TTY", "PASSIVE_MODE"})
    void ordinaryNames(String name) {
        assertThat(Secrets.isSecret(name, "value")).isFalse();
    }

    @Test
    void aUrlWithAPasswordIsASecretWhateverItsName() {
        assertThat(Secrets.isSecret("DATABASE_URL", "postgres://app:hunter2@db/app")).isTrue();
        assertThat(Secrets.isSecret("DATABASE_URL", "postgres://db/app")).isFalse();
    }

    @Test
    void theUsersExceptionsKeepOrDropByNameOrPrefixAndDenyWins() {
        EnvironmentFilter filter = new EnvironmentFilter(List.of("NPM_TOKEN", "MY_APP_*", "BOTH"),
                List.of("INTERNAL_URL", "CORP_*", "BOTH"));
        assertThat(filter.keeps("NPM_TOKEN", "x")).isTrue();
        assertThat(filter.keeps("MY_APP_API_KEY", "x")).isTrue();
        assertThat(filter.keeps("GITHUB_TOKEN", "x")).isFalse();
        assertThat(filter.keeps("INTERNAL_URL", "https://intranet")).isFalse();
        assertThat(filter.keeps("CORP_PROXY", "x")).isFalse();
        assertThat(filter.keeps("BOTH", "x")).isFalse();
        assertThat(filter.keeps("PATH", "/usr/bin")).isTrue();
        assertThat(EnvironmentFilter.SECRETS_ONLY.keeps("NPM_TOKEN", "x")).isFalse();
    }
}
