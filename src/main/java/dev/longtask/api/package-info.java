/**
 * The Java API of longtask: build one {@link dev.longtask.api.Longtask} per JVM, then start, resume, watch, pause
 * and cancel runs through {@link dev.longtask.api.RunHandle}s, several at once, and read any run (also one another
 * process is running) through {@link dev.longtask.api.Runs}; change a run at rest through the store it hands out,
 * and cancel one another process runs with {@link dev.longtask.api.Cancellation}. The command line, the server and
 * MCP are built on this package, its vocabularies ({@code model}, {@code config}) and the types it hands out only;
 * {@code ApiSurfaceTest} enforces it, and names the few uses still to move behind it.
 */
package dev.longtask.api;
