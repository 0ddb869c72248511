package dev.longtask.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.longtask.model.PermissionRule.Kind;
import dev.longtask.model.PermissionRule.Specifier;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.config.ConfigException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The rule forms of Claude Code's documentation parse as a settings file is read; broken ones are configuration
 * errors naming the file and the rule.
 */
class PermissionRuleTest {
    private static PermissionRule allow(String text) {
        return PermissionsSection.rule(Kind.ALLOW, text, ".claude/settings.json");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "Bash                            | Bash  |                          | COMMAND",
            "Bash(*)                         | Bash  | *                        | COMMAND",
            "Bash(npm run build)             | Bash  | npm run build            | COMMAND",
            "Bash(npm run test:*)            | Bash  | npm run test:*           | COMMAND",
            "Bash(git * main)                | Bash  | git * main               | COMMAND",
            "Bash(curl http://site.com/:*)   | Bash  | curl http://site.com/:*  | COMMAND",
            "Read(./.env)                    | Read  | ./.env                   | PATH",
            "Read(*.env)                     | Read  | *.env                    | PATH",
            "Read(~/Documents/*.pdf)         | Read  | ~/Documents/*.pdf        | PATH",
            "Read(//Users/alice/secrets/**)  | Read  | //Users/alice/secrets/** | PATH",
            "Edit(/src/**/*.ts)              | Edit  | /src/**/*.ts             | PATH",
            "Edit(src/**)                    | Edit  | src/**                   | PATH",
            "Write(docs/**)                  | Write | docs/**                  | PATH",
            "MultiEdit(src/*.java)           | MultiEdit | src/*.java           | PATH",
            "bash(ls:*)                      | Bash  | ls:*                     | COMMAND",
            "Grep                            | Grep  |                          | PATH",
            "task_create                     | task_create |                    | NONE",
            "WebFetch(domain:example.com)    | WebFetch | domain:example.com    | FOREIGN",
            "mcp__github                     | mcp__github |                    | NONE",
            "mcp__github__create_issue       | mcp__github__create_issue |      | NONE",
            "mcp__github__get_*              | mcp__github__get_* |             | NONE"})
    void claudeCodesDocumentedFormsParse(String text, String tool, String specifier, Specifier kind) {
        PermissionRule rule = allow(text);
        assertThat(rule.tool()).isEqualTo(tool);
        assertThat(rule.specifier()).isEqualTo(specifier);
        assertThat(rule.specifierKind()).isEqualTo(kind);
        assertThat(rule.source()).isEqualTo(".claude/settings.json");
        assertThat(rule.text()).isEqualTo(specifier == null ? tool : tool + "(" + specifier + ")");
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "Bash(                  | must end with ')'",
            "Bash()                 | the parentheses are empty",
            "Bsh(ls)                | unknown tool 'Bsh'",
            "Bash(npm:* run)        | ':*' may only end a Bash rule",
            "Bash(:*)               | needs a command before it",
            "Read(~bob/notes)       | only ~/ (your home) is understood",
            "Edit(src/[a)           | the path pattern does not compile",
            "task_list(3)           | task_list takes no specifier",
            "mcp__github(x)         | an MCP rule is mcp__SERVER",
            "Edit(src/**) extra     | the form is Tool or Tool(specifier)"})
    void brokenRulesAreConfigurationErrorsNamingTheFileAndTheRule(String text, String why) {
        assertThatThrownBy(() -> PermissionsSection.rule(Kind.DENY, text, "/ws/.claude/settings.local.json"))
                .isInstanceOf(ConfigException.class)
                .hasMessageStartingWith("/ws/.claude/settings.local.json: permissions.deny: invalid rule '"
                        + text.strip() + "': ")
                .hasMessageContaining(why);
    }

    @Test
    void anEmptyRuleIsAnError() {
        assertThatThrownBy(() -> allow("  ")).isInstanceOf(ConfigException.class).hasMessageContaining("it is empty");
    }

    @Test
    void readRulesCoverEveryToolThatReadsAndEditRulesEveryToolThatEdits() {
        assertThat(allow("Read").covers("read")).isTrue();
        assertThat(allow("Read(./x)").covers("grep")).isTrue();
        assertThat(allow("Read").covers("glob")).isTrue();
        assertThat(allow("Read").covers("ls")).isTrue();
        assertThat(allow("Read").covers("write")).isFalse();
        assertThat(allow("Edit").covers("edit")).isTrue();
        assertThat(allow("Edit").covers("write")).isTrue();
        assertThat(allow("Write").covers("write")).isTrue();
        assertThat(allow("Write").covers("edit")).isFalse();
        assertThat(allow("Bash").covers("bash")).isTrue();
        assertThat(allow("Grep").covers("read")).isFalse();
        assertThat(allow("WebFetch").covers("read")).isFalse();
    }

    @ParameterizedTest
    @ValueSource(strings = {"mcp__github__create_issue", "mcp__github__get_issue"})
    void mcpRulesNameAServerOrItsTools(String tool) {
        assertThat(allow("mcp__github").covers(tool)).isTrue();
        assertThat(allow("mcp__github__*").covers(tool)).isTrue();
        assertThat(allow("mcp__gitlab").covers(tool)).isFalse();
        assertThat(allow("mcp__github__get_*").covers(tool)).isEqualTo(tool.contains("__get_"));
        assertThat(allow("mcp__github__create_issue").covers(tool)).isEqualTo(tool.endsWith("create_issue"));
    }
}
