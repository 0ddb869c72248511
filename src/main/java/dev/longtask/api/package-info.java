/**
 * The Java API of longtask: build one {@link dev.longtask.api.Longtask} per JVM, then start, resume, watch, pause
 * and cancel runs through {@link dev.longtask.api.RunHandle}s, several at once, and read any run (also one another
 * process is running) through {@link dev.longtask.api.Runs}. The command line, the server and MCP are built on
 * this package only.
 */
package dev.longtask.api;
