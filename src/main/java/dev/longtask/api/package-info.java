/**
 * The Java API of longtask: build one {@link dev.longtask.api.Longtask} per JVM, then start, resume, watch, pause
 * and cancel runs through {@link dev.longtask.api.RunHandle}s, several at once, and read any run (also one another
 * process is running) through {@link dev.longtask.api.Runs}; change a run at rest through the store it hands out,
 * and cancel one another process runs with {@link dev.longtask.api.Cancellation}. The command line, the server and
 * MCP are built on this package and its data vocabulary ({@code model}, settings and the store's port included);
 * {@code ApiSurfaceTest} enforces both that and that the public signatures reach only {@code api} and
 * {@code model}.
 */
package dev.longtask.api;
