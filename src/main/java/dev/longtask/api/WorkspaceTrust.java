package dev.longtask.api;

import dev.longtask.agent.AgentDiscovery;
import dev.longtask.model.agent.AgentCatalog;
import dev.longtask.model.agent.AgentSource;
import dev.longtask.model.agent.AgentSpec;
import dev.longtask.model.config.Environment;
import dev.longtask.model.config.Flags;
import dev.longtask.config.McpServersConfig;
import dev.longtask.model.config.Resolved;
import dev.longtask.model.config.Settings;
import dev.longtask.config.SettingsLoader;
import dev.longtask.model.config.Source;
import dev.longtask.config.TrustRecord;
import dev.longtask.model.ApprovalMode;
import dev.longtask.model.McpServerSpec;
import dev.longtask.model.PermissionRule;
import dev.longtask.model.SandboxMode;
import dev.longtask.tools.Toolbox;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What a workspace's own files (its {@code .longtask/}, {@code .claude/} and {@code .mcp.json}, which agents working
 * there could have written) would loosen or start, and whether a person trusted exactly that. Loosening: {@code
 * sandbox: off}, an approval mode weaker than the user's config or the default gives, a model endpoint ({@code
 * base_url}) or a store ({@code store:}) other than the user's, allow rules, MCP servers, and agent files that override an agent with more tools than it had. Tightening (deny and ask rules, {@code read-only})
 * needs no trust. The hash covers what loosens, as it would apply, so any change to that makes the workspace
 * untrusted again while a change to anything else does not.
 */
public final class WorkspaceTrust {
    /** One setting of a workspace file that needs trust: the file and what it does. */
    public record Loosening(String file, String setting) {
    }

    /** What {@code workspace}'s files loosen, their hash, and whether that hash is trusted. */
    public record Review(Path workspace, List<Loosening> items, String hash, boolean trusted) {
        public Review {
            items = List.copyOf(items);
        }

        /** Whether a run there must not start: something loosens and nobody trusted it. */
        public boolean blocks() {
            return !items.isEmpty() && !trusted;
        }

        /** The one-line refusal of what this review blocks, with the command that trusts it. */
        public String refusal() {
            return WorkspaceTrust.refusal(this);
        }
    }

    private final Environment environment;
    private final Path home;
    private final TrustRecord record;

    /**
     * The trust of the person {@code environment} belongs to, for the commands that only reach a workspace's runs and
     * start no agent (so need no runtime): their {@code store:} is the one loosening that concerns them.
     */
    public static WorkspaceTrust of(Environment environment) {
        return new WorkspaceTrust(environment, Environment.home(environment.variables()));
    }

    /** What {@code workspace}'s files loosen or start, and whether a person trusted exactly that. */
    public Review reviewOf(Path workspace) {
        return review(RunAssembly.workspace(workspace, workspace));
    }

    WorkspaceTrust(Environment environment, Path home) {
        this.environment = environment;
        this.home = home;
        this.record = TrustRecord.of(environment);
    }

    Review review(Path root) {
        List<Loosening> items = new ArrayList<>();
        List<String> hashed = new ArrayList<>();
        // the environment's variables are the person's, not the workspace's: compare files with files
        Environment filesOnly = new Environment(Map.of(), environment.userConfigFile());
        Settings withWorkspace = SettingsLoader.load(filesOnly, root, Flags.none());
        Settings userOnly = SettingsLoader.load(filesOnly, null, Flags.none());
        if (fromWorkspace(withWorkspace.sandbox().source()) && withWorkspace.sandbox().value() == SandboxMode.OFF) {
            add(items, hashed, withWorkspace.sandbox().source().where(), "sandbox: off (bash runs unconfined)", "");
        }
        ApprovalMode approval = withWorkspace.approval().value();
        if (fromWorkspace(withWorkspace.approval().source())
                && strictness(approval) < strictness(userOnly.approval().value())) {
            add(items, hashed, withWorkspace.approval().source().where(), "approval: " + approval.wire()
                    + " (weaker than " + userOnly.approval().value().wire() + ")", "");
        }
        // where prompts and the user's API key go: a workspace's endpoint could be anybody's server
        withWorkspace.baseUrl().filter(url -> fromWorkspace(url.source())
                        && !url.value().equals(userOnly.baseUrl().map(Resolved::value).orElse(null)))
                .ifPresent(url -> add(items, hashed, url.source().where(), "base_url: " + url.value()
                        + " (the model's prompts and your API key go there)", ""));
        // where the runs' records go, and PGPASSWORD with them: a workspace's database could be anybody's server
        withWorkspace.store().filter(store -> fromWorkspace(store.source()) && !"files".equals(store.value())
                        && !store.value().equals(userOnly.store().map(Resolved::value).orElse(null)))
                .ifPresent(store -> add(items, hashed, store.source().where(), "store: " + store.value()
                        + " (every run's goal, prompts, results and PGPASSWORD go there)", ""));
        for (PermissionRule rule : withWorkspace.permissionRules()) {
            if (rule.kind() == PermissionRule.Kind.ALLOW && Path.of(rule.source()).startsWith(root)) {
                add(items, hashed, rule.source(), "allow " + rule.text(), "");
            }
        }
        Map<String, McpServerSpec> servers = McpServersConfig.load(environment, root);
        Map<String, McpServerSpec> usersServers = McpServersConfig.load(environment, null);
        servers.forEach((name, spec) -> {
            if (!spec.equals(usersServers.get(name))) {
                String what = spec.transport() == McpServerSpec.Transport.HTTP ? spec.url()
                        : spec.command() + (spec.args().isEmpty() ? "" : " " + String.join(" ", spec.args()));
                add(items, hashed, spec.source(), "MCP server " + name + " starts: " + what, spec.toString());
            }
        });
        Set<String> known = new HashSet<>(Toolbox.BUILT_IN);
        servers.values().forEach(s -> known.add(s.prefix()));
        // most workspaces have no agents of their own: a worker asks this before every task, so skip the catalogue
        boolean ownAgents = java.nio.file.Files.isDirectory(root.resolve(".longtask/agents"))
                || java.nio.file.Files.isDirectory(root.resolve(".claude/agents"));
        AgentCatalog catalog = ownAgents ? AgentDiscovery.discover(root, home, known) : null;
        for (AgentSpec agent : ownAgents ? catalog.agents() : List.<AgentSpec>of()) {
            if (agent.source() != AgentSource.CLAUDE && agent.source() != AgentSource.PROJECT) {
                continue;
            }
            AgentSpec base = null;
            for (AgentSpec earlier : catalog.overridden(agent.name())) {
                if (earlier.source() == AgentSource.BUILT_IN || earlier.source() == AgentSource.USER) {
                    base = earlier;
                }
            }
            if (base != null && !lower(base.tools()).containsAll(lower(agent.tools()))) {
                Set<String> more = lower(agent.tools());
                more.removeAll(lower(base.tools()));
                add(items, hashed, String.valueOf(agent.file()), "agent " + agent.name() + " gets more tools than the "
                        + base.source().label() + " one: " + String.join(", ", more.stream().sorted().toList()), "");
            }
        }
        String hash = sha256(hashed);
        return new Review(root, items, hash, !items.isEmpty() && record.trusts(root, hash));
    }

    /** Records that a person trusts what {@code review} showed. */
    void trust(Review review) {
        record.trust(review.workspace(), review.hash());
    }

    /** Forgets the trust of {@code root}; true when there was one. */
    boolean revoke(Path root) {
        return record.revoke(root);
    }

    Path recordFile() {
        return record.file();
    }

    /** The one-line refusal for a run in a workspace whose loosening configuration nobody trusted. */
    static String refusal(Review review) {
        String files = review.items().stream().map(Loosening::file).distinct().collect(Collectors.joining(", "));
        return "the configuration of " + review.workspace() + " loosens confinement or starts programs and is not "
                + "trusted (" + review.items().size() + (review.items().size() == 1 ? " setting" : " settings")
                + " in " + files + "); an agent may have written it. Review and trust it with: longtask trust "
                + review.workspace();
    }

    private static void add(List<Loosening> items, List<String> hashed, String file, String setting, String detail) {
        items.add(new Loosening(file, setting));
        hashed.add(file + "\t" + setting + "\t" + detail);
    }

    private static boolean fromWorkspace(Source source) {
        return source.kind() == Source.Kind.WORKSPACE_FILE;
    }

    /** Higher is stricter: read-only refuses what ask asks about, and auto runs it. */
    static int strictness(ApprovalMode mode) {
        return switch (mode) {
            case AUTO -> 0;
            case ASK -> 1;
            case READ_ONLY -> 2;
        };
    }

    private static Set<String> lower(List<String> tools) {
        return tools.stream().map(t -> t.toLowerCase(Locale.ROOT)).collect(Collectors.toCollection(HashSet::new));
    }

    private static String sha256(List<String> lines) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            lines.stream().sorted().forEach(l -> digest.update((l + "\n").getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(digest.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every Java runtime", e);
        }
    }
}
