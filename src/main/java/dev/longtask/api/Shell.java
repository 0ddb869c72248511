package dev.longtask.api;

import dev.longtask.model.config.Environment;
import dev.longtask.model.SandboxMode;
import dev.longtask.tools.Sandbox;

/**
 * How {@code bash} runs commands on this machine in a sandbox mode, found by trying the sandboxes there: confined,
 * unconfined (the user said so), or not at all (no sandbox works and none may be skipped).
 *
 * @param runsCommands whether bash runs commands at all
 * @param confined     whether they run inside a sandbox
 * @param description  one sentence saying which, and how to change it
 */
public record Shell(boolean runsCommands, boolean confined, String description) {

    /** The shell a run in {@code mode} gets, with {@code environment}'s variables (where the sandboxes are looked for). */
    public static Shell of(SandboxMode mode, Environment environment) {
        Sandbox sandbox = Sandbox.forMode(mode, environment.variables());
        return new Shell(sandbox.runsCommands(), sandbox.isolated(), sandbox.description());
    }
}
