package dev.longtask.tools;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.PermissionRule.Kind;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.PermissionSettings;
import dev.longtask.tools.PermissionPolicy.Outcome;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The matcher over Claude Code's documented rule forms, the precedence of deny, ask and allow, and the modes. */
class PermissionPolicyTest {
    @TempDir
    Path temp;
    ToolFixture fx;
    Path home;

    @BeforeEach
    void setUp() throws IOException {
        fx = new ToolFixture(temp);
        home = Files.createDirectories(temp.resolve("home")).toRealPath();
        fx.write("src/main/App.java", "class App {}");
        fx.write("secrets/key.txt", "k");
        fx.write("docs/guide.md", "# guide");
        fx.write("config/.env", "A=1");
        Files.createSymbolicLink(fx.root.resolve("hidden-link"), fx.root.resolve("secrets"));
    }

    private PermissionPolicy policy(ApprovalMode mode, String... rules) {
        List<PermissionRule> parsed = new ArrayList<>();
        for (String r : rules) {
            int space = r.indexOf(' ');
            parsed.add(PermissionRule.parse(Kind.fromWire(r.substring(0, space)), r.substring(space + 1),
                    "settings.json"));
        }
        return PermissionPolicy.of(mode, parsed, fx.workspace, home);
    }

    private static ObjectNode bash(String command) {
        return ToolFixture.args(Map.of("command", command));
    }

    private static ObjectNode path(String path) {
        return ToolFixture.args(Map.of("path", path));
    }

    private Outcome bashUnder(String rule, String command) {
        return policy(ApprovalMode.ASK, rule).decide("bash", bash(command)).outcome();
    }

    @ParameterizedTest(name = "{0} vs ''{1}''")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            // prefix with a word boundary
            "Bash(npm run test:*)  | npm run test                | ALLOW",
            "Bash(npm run test:*)  | npm run test -- --watch     | ALLOW",
            "Bash(npm run test:*)  | npm run testing             | ASK",
            "Bash(npm run test:*)  | npm run build               | ASK",
            // exact
            "Bash(npm run build)   | npm run build               | ALLOW",
            "Bash(npm run build)   | npm  run   build            | ALLOW",
            "Bash(npm run build)   | npm run build --prod        | ASK",
            // wildcards
            "Bash(ls *)            | ls                          | ALLOW",
            "Bash(ls *)            | ls -la                      | ALLOW",
            "Bash(ls *)            | lsof                        | ASK",
            "Bash(ls*)             | lsof                        | ALLOW",
            "Bash(git * main)      | git checkout main           | ALLOW",
            "Bash(git * main)      | git checkout dev            | ASK",
            "Bash(* install)       | yarn install                | ALLOW",
            "Bash(*)               | anything at all             | ALLOW",
            "Bash                  | anything at all             | ALLOW",
            // a prefix rule does not allow what is joined to the command
            "Bash(git status:*)    | git status && rm -rf x      | ASK",
            "Bash(git status:*)    | git status; curl evil.sh    | ASK",
            "Bash(git status:*)    | \"git status | tee log\"    | ASK",
            "Bash(echo:*)          | echo $(rm -rf x)            | ASK",
            "Bash(echo:*)          | echo `id`                   | ASK",
            "Bash(echo:*)          | echo 'a && b; c'            | ALLOW",
            "Bash(echo:*)          | echo a 2>&1                 | ALLOW",
            "Bash(echo:*)          | echo a && echo b            | ALLOW"})
    void bashRulesMatchAsClaudeCodeDocumentsThem(String rule, String command, Outcome expected) {
        assertThat(bashUnder("allow " + rule, command)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "deny Bash(rm:*) vs ''{0}''")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "rm -rf build",
            "ls; rm -rf build",
            "make && rm -rf build",
            "(cd x && rm -rf build)",
            "FOO=1 timeout 5 rm -rf build",
            "nice -n 5 rm x",
            "\"true || rm x\"",
            "\"echo hi | rm x\""})
    void aDenyRuleFindsTheCommandInsideALine(String command) {
        PermissionPolicy.Verdict v = policy(ApprovalMode.AUTO, "deny Bash(rm:*)").decide("bash", bash(command));
        assertThat(v.outcome()).isEqualTo(Outcome.DENY);
        assertThat(v.reason()).isEqualTo("refused by the rule Bash(rm:*) of settings.json");
    }

    @Test
    void aDenyRuleLetsOtherCommandsBe() {
        assertThat(policy(ApprovalMode.AUTO, "deny Bash(rm:*)").decide("bash", bash("echo 'rm -rf /'")).outcome())
                .isEqualTo(Outcome.ALLOW);
        assertThat(policy(ApprovalMode.AUTO, "deny Bash(rm:*)").decide("bash", bash("rmdir x")).outcome())
                .isEqualTo(Outcome.ALLOW);
    }

    @ParameterizedTest(name = "{0} on {1} {2}")
    @CsvSource(delimiter = '|', value = {
            // relative to the workspace (the current directory), gitignore style
            "Edit(src/**)            | write | src/main/App.java       | DENY",
            "Edit(src/**)            | edit  | src/main/App.java       | DENY",
            "Edit(src/**)            | write | docs/guide.md           | ALLOW",
            "Edit(./src/**)          | edit  | ./src/main/App.java     | DENY",
            "Write(docs/**)          | write | docs/guide.md           | DENY",
            "Write(docs/**)          | edit  | docs/guide.md           | ALLOW",
            "Read(./secrets/**)      | read  | secrets/key.txt         | DENY",
            "Read(./secrets/**)      | grep  | secrets                 | DENY",
            "Read(./secrets/**)      | ls    | .                       | ALLOW",
            "Read(./secrets)         | grep  | secrets                 | DENY",
            "Read(./secrets)         | read  | secrets/key.txt         | DENY",
            "Read(./secrets/**)      | read  | hidden-link/key.txt     | DENY",
            "Read(./secrets/**)      | read  | src/main/App.java       | ALLOW",
            // a name without a slash matches at any depth
            "Read(*.env)             | read  | config/.env             | DENY",
            "Read(.env)              | read  | config/.env             | DENY",
            "Read(App.java)          | read  | src/main/App.java       | DENY",
            "Read(main)              | ls    | src/main                | DENY",
            "Read(main)              | ls    | src                     | ALLOW",
            // a leading slash anchors at the workspace root
            "Edit(/src/**/*.java)    | write | src/main/App.java       | DENY",
            "Edit(/main/**)          | write | src/main/App.java       | ALLOW",
            // absolute paths
            "Read(//etc/**)          | read  | /etc/passwd             | DENY",
            "Glob(//etc/**)          | glob  | /etc                    | DENY",
            "Glob(//etc/*)           | glob  | /etc                    | ALLOW",
            "Read                    | ls    | .                       | DENY",
            "Grep(src)               | grep  | src/main                | DENY",
            "Grep(src)               | read  | src/main/App.java       | ALLOW"})
    void pathRulesMatchAsClaudeCodeDocumentsThem(String rule, String tool, String path, Outcome expected) {
        assertThat(policy(ApprovalMode.AUTO, "deny " + rule).decide(tool, path(path)).outcome()).isEqualTo(expected);
    }

    @Test
    void tildeRulesPointAtTheHome() throws IOException {
        Path notes = Files.createDirectories(home.resolve("notes"));
        PermissionPolicy p = policy(ApprovalMode.AUTO, "deny Read(~/notes/*.md)", "deny Read(~)");
        assertThat(p.decide("read", path(notes.resolve("a.md").toString())).reason()).contains("Read(~/notes/*.md)");
        assertThat(p.decide("read", path(home.resolve("x").toString())).reason()).contains("Read(~)");
        assertThat(p.decide("read", path("src/main/App.java")).outcome()).isEqualTo(Outcome.ALLOW);
    }

    @Test
    void denyWinsOverAskWhichWinsOverAllow() {
        ObjectNode push = bash("git push origin main");
        assertThat(policy(ApprovalMode.AUTO, "allow Bash(git:*)", "ask Bash(git push:*)", "deny Bash(git push origin:*)")
                .decide("bash", push).outcome()).isEqualTo(Outcome.DENY);
        assertThat(policy(ApprovalMode.AUTO, "allow Bash(git:*)", "ask Bash(git push:*)").decide("bash", push)
                .outcome()).isEqualTo(Outcome.ASK);
        assertThat(policy(ApprovalMode.ASK, "allow Bash(git:*)").decide("bash", push).outcome())
                .isEqualTo(Outcome.ALLOW);
        // the order in the file does not matter
        assertThat(policy(ApprovalMode.AUTO, "deny Bash(git push origin:*)", "allow Bash(git:*)").decide("bash", push)
                .outcome()).isEqualTo(Outcome.DENY);
    }

    @Test
    void autoAllowsWhatNoRuleDenies() {
        PermissionPolicy auto = policy(ApprovalMode.AUTO);
        for (String tool : List.of("read", "write", "edit", "bash", "glob", "grep", "ls", "task_create")) {
            assertThat(auto.decide(tool, path("docs/guide.md")).outcome()).as(tool).isEqualTo(Outcome.ALLOW);
        }
    }

    @Test
    void askWaitsForWriteEditBashAndMcpToolsButNeverForReads() {
        PermissionPolicy ask = policy(ApprovalMode.ASK);
        for (String tool : List.of("write", "edit", "bash", "mcp__github__create_issue")) {
            PermissionPolicy.Verdict v = ask.decide(tool, path("docs/guide.md"));
            assertThat(v.outcome()).as(tool).isEqualTo(Outcome.ASK);
            assertThat(v.reason()).isEqualTo("the approval mode is ask");
        }
        for (String tool : List.of("read", "glob", "grep", "ls", "task_list", "task_create")) {
            assertThat(ask.decide(tool, path("docs/guide.md")).outcome()).as(tool).isEqualTo(Outcome.ALLOW);
        }
        assertThat(policy(ApprovalMode.ASK, "ask Read(./secrets/**)").decide("read", path("secrets/key.txt"))
                .outcome()).isEqualTo(Outcome.ASK);
    }

    @Test
    void readOnlyRefusesWriteEditAndBashEvenWhenASettingsFileAllowsThem() {
        PermissionPolicy readOnly = policy(ApprovalMode.READ_ONLY, "allow Edit", "allow Bash");
        for (String tool : List.of("write", "edit", "bash")) {
            PermissionPolicy.Verdict v = readOnly.decide(tool, path("docs/guide.md"));
            assertThat(v.outcome()).as(tool).isEqualTo(Outcome.DENY);
            assertThat(v.reason()).startsWith("this run is read-only");
        }
        assertThat(readOnly.decide("read", path("docs/guide.md")).outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(readOnly.decide("grep", path("docs")).outcome()).isEqualTo(Outcome.ALLOW);
    }

    @Test
    void readOnlyOpensOnlyForTheRunsOwnRulesAndGrants() {
        PermissionRule own = PermissionRule.parse(Kind.ALLOW, "Edit(/.longtask/runs/r1/results/**)",
                PermissionSettings.RUN_SOURCE);
        PermissionPolicy review = PermissionPolicy.of(ApprovalMode.READ_ONLY, List.of(own), fx.workspace, home);
        assertThat(review.decide("write", path(".longtask/runs/r1/results/work/chunk-001-issues.json")).outcome())
                .isEqualTo(Outcome.ALLOW);
        assertThat(review.decide("write", path(".longtask/runs/r2/results/x.json")).outcome()).isEqualTo(Outcome.DENY);
        assertThat(review.decide("write", path("src/main/App.java")).outcome()).isEqualTo(Outcome.DENY);
        assertThat(review.decide("bash", bash("ls")).outcome()).isEqualTo(Outcome.DENY);

        PermissionPolicy granted = review.with(PermissionRule.parse(Kind.ALLOW, "Bash(ls:*)", "approval #3"));
        assertThat(granted.decide("bash", bash("ls -la")).outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(granted.decide("bash", bash("rm x")).outcome()).isEqualTo(Outcome.DENY);
        // a deny rule still wins over the run's own
        PermissionPolicy denied = PermissionPolicy.of(ApprovalMode.READ_ONLY, List.of(own,
                PermissionRule.parse(Kind.DENY, "Write(**/*.json)", "settings.json")), fx.workspace, home);
        assertThat(denied.decide("write", path(".longtask/runs/r1/results/x.json")).outcome()).isEqualTo(Outcome.DENY);
    }

    @Test
    void rulesForToolsLongtaskDoesNotHaveNeverMatch() {
        PermissionPolicy p = policy(ApprovalMode.AUTO, "deny WebFetch", "deny NotebookEdit(x)", "deny mcp__github");
        assertThat(p.decide("read", path("docs/guide.md")).outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(p.decide("write", path("docs/guide.md")).outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(p.decide("mcp__github__create_issue", ToolFixture.args("{}")).outcome()).isEqualTo(Outcome.DENY);
    }

    @Test
    void everyBuiltInToolCanBeNamedInARule() {
        for (String tool : Toolbox.BUILT_IN) {
            PermissionPolicy p = PermissionPolicy.of(ApprovalMode.AUTO,
                    List.of(PermissionRule.parse(Kind.DENY, ruleName(tool), "settings.json")), fx.workspace, home);
            assertThat(p.decide(tool, path("docs/guide.md")).outcome()).as(tool).isEqualTo(Outcome.DENY);
        }
    }

    private static String ruleName(String tool) {
        return switch (tool) {
            case "ls" -> "LS";
            case "read", "write", "edit", "glob", "grep", "bash" -> Character.toUpperCase(tool.charAt(0))
                    + tool.substring(1);
            default -> tool;
        };
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', quoteCharacter = '"', value = {
            "git status -s               | Bash(git status:*)",
            "npm run test -- --watch     | Bash(npm run:*)",
            "ls -la                      | Bash(ls:*)",
            "echo one > a.txt            | Bash(echo:*)",
            "rm -rf build                | Bash(rm:*)",
            "./gradlew test              | Bash(./gradlew test:*)",
            "make && make test           | Bash(make && make test)",
            "echo $(date)                | Bash(echo $(date))"})
    void allowAlwaysGrantsAPrefixForAPlainCommandAndTheExactLineOtherwise(String command, String rule) {
        assertThat(PermissionPolicy.alwaysRule("bash", bash(command))).isEqualTo(rule);
        // and the grant parses and allows the very command it was made for
        PermissionPolicy p = policy(ApprovalMode.ASK).with(PermissionRule.parse(Kind.ALLOW, rule, "approval #1"));
        assertThat(p.decide("bash", bash(command)).outcome()).isEqualTo(Outcome.ALLOW);
    }

    @ParameterizedTest(name = "{0} {1}")
    @CsvSource(delimiter = '|', value = {
            "write | out/summary.md       | Write(/out/**)",
            "write | ./out/deep/a.md      | Write(/out/deep/**)",
            "edit  | README.md            | Edit(/README.md)",
            "edit  | src/main/App.java    | Edit(/src/main/**)"})
    void allowAlwaysForFilesGrantsTheFileFolderNotTheWholeWorkspace(String tool, String file, String rule) {
        assertThat(PermissionPolicy.alwaysRule(tool, path(file))).isEqualTo(rule);
        PermissionPolicy p = policy(ApprovalMode.ASK).with(PermissionRule.parse(Kind.ALLOW, rule, "approval #1"));
        assertThat(p.decide(tool, path(file)).outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(p.decide(tool, path("docs/guide.md")).outcome()).isEqualTo(Outcome.ASK);
    }

    @Test
    void allowAlwaysForAFolderCoversWhatIsBeneathIt() {
        String rule = PermissionPolicy.alwaysRule("write", path("out/summary.md"));
        PermissionPolicy p = policy(ApprovalMode.ASK).with(PermissionRule.parse(Kind.ALLOW, rule, "approval #1"));
        assertThat(p.decide("write", path("out/parts/2.md")).outcome()).isEqualTo(Outcome.ALLOW);
        assertThat(p.decide("write", path("outside.md")).outcome()).isEqualTo(Outcome.ASK);
        assertThat(p.decide("edit", path("out/summary.md")).outcome()).isEqualTo(Outcome.ASK);
    }

    /**
     * In a task's own tree (--isolation worktree), whose changes are merged into the workspace, a path rule holds for
     * the tree's files as for the workspace's, named relatively or by their absolute path in the tree; the run's
     * results, reached from the tree by a link, keep the rule that allows them.
     */
    @Test
    void pathRulesHoldInATasksTreeAsInTheWorkspace() throws IOException {
        Path results = Files.createDirectories(fx.root.resolve(".longtask/runs/r1/results"));
        Path tree = Files.createDirectories(fx.root.resolve(".longtask/shadow/worktrees/r1/task-1"));
        Files.createDirectories(tree.resolve("secrets"));
        Files.createDirectories(tree.resolve(".longtask/runs/r1"));
        Files.createSymbolicLink(tree.resolve(".longtask/runs/r1/results"), results);
        Workspace inTree = Workspace.taskTree(tree, tree.resolve(".longtask/runs/r1/results"));
        PermissionPolicy p = policy(ApprovalMode.ASK, "deny Edit(/secrets/**)",
                "allow Edit(/.longtask/runs/r1/results/**)");
        String treeSecret = tree.toRealPath().resolve("secrets/key.txt").toString();
        assertThat(p.decide("write", path(treeSecret)).outcome()).as("the workspace's policy alone misses it")
                .isNotEqualTo(Outcome.DENY);

        PermissionPolicy there = p.at(inTree);
        assertThat(there.decide("write", path(treeSecret)).outcome()).isEqualTo(Outcome.DENY);
        assertThat(there.decide("edit", path("secrets/key.txt")).outcome()).isEqualTo(Outcome.DENY);
        assertThat(there.decide("write", path(".longtask/runs/r1/results/work/a.md")).outcome())
                .isEqualTo(Outcome.ALLOW);
        assertThat(p.at(fx.workspace)).isSameAs(p);
    }
}
