// A client of longtask's MCP server written with the official MCP TypeScript SDK: it starts `longtask mcp` with the
// command line it is given (stdio), or connects to the URL of `longtask serve`'s /mcp endpoint (streamable HTTP,
// with the bearer token from MCP_BEARER_TOKEN); then it lists the tools, starts a run, follows it until it completes
// (once polling, once waiting with progress notifications), reads the report as a tool result and as a resource,
// and provokes a tool error. What it saw goes to stdout as one JSON object for the Java test to check.
//
//   node longtask-client.mjs GOAL WORKDIR -- COMMAND ARGS...
//   MCP_BEARER_TOKEN=TOKEN node longtask-client.mjs GOAL WORKDIR -- http://127.0.0.1:7420/mcp
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [goal, workdir, dashdash, command, ...args] = process.argv.slice(2);
if (dashdash !== "--" || !command) {
  console.error("usage: node longtask-client.mjs GOAL WORKDIR -- (COMMAND ARGS... | URL)");
  process.exit(2);
}
const text = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
const seen = { tools: [], statuses: [], progress: [] };

const transport = /^https?:\/\//.test(command)
  ? new StreamableHTTPClientTransport(new URL(command),
      { requestInit: { headers: { Authorization: `Bearer ${process.env.MCP_BEARER_TOKEN}` } } })
  : new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });
const client = new Client({ name: "longtask-interop-test", version: "1.0.0" });
await client.connect(transport);
seen.server = client.getServerVersion();
seen.sessionId = transport.sessionId ?? null;

const listed = await client.listTools();
seen.tools = listed.tools.map((t) => ({ name: t.name, required: t.inputSchema.required ?? [], description: t.description }));

const started = await client.callTool({ name: "longtask_start", arguments: { goal, workdir } });
seen.start = { text: text(started), isError: started.isError ?? false, structured: started.structuredContent };
const runId = started.structuredContent.run_id;

// Poll as a model would, until the run has ended.
const deadline = Date.now() + 120_000;
let status;
do {
  status = await client.callTool({ name: "longtask_status", arguments: { run_id: runId } });
  seen.statuses.push(status.structuredContent.status);
  if (Date.now() > deadline) throw new Error("run " + runId + " did not end in time");
  await new Promise((r) => setTimeout(r, 200));
} while (["queued", "created", "planning", "running"].includes(status.structuredContent.status));
seen.finalStatus = { text: text(status), figures: status.structuredContent };

// A second run, this time waited for in one call with progress notifications.
const second = await client.callTool({ name: "longtask_start", arguments: { goal: goal + " (second)", workdir } });
const waited = await client.callTool(
  { name: "longtask_status", arguments: { run_id: second.structuredContent.run_id, wait_seconds: 120 } },
  undefined,
  { timeout: 150_000, resetTimeoutOnProgress: true, onprogress: (p) => seen.progress.push(p) },
);
seen.waited = waited.structuredContent.status;

const report = await client.callTool({ name: "longtask_report", arguments: { run_id: runId } });
seen.report = { text: text(report), isError: report.isError ?? false };
const templates = await client.listResourceTemplates();
seen.templates = templates.resourceTemplates.map((t) => t.uriTemplate);
const resource = await client.readResource({ uri: `longtask://runs/${runId}/report` });
seen.resource = resource.contents[0].text;

const tasks = await client.callTool({ name: "longtask_tasks", arguments: { run_id: runId } });
seen.tasks = text(tasks);
const missing = await client.callTool({ name: "longtask_report", arguments: { run_id: "no-such-run" } });
seen.missing = { text: text(missing), isError: missing.isError ?? false };
const bad = await client.callTool({ name: "longtask_start", arguments: { goal: "  " } });
seen.blankGoal = { text: text(bad), isError: bad.isError ?? false };

await client.close();
process.stdout.write(JSON.stringify(seen) + "\n");
