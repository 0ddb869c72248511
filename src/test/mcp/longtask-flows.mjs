// Longer conversations with longtask's MCP server through the official MCP TypeScript SDK, over streamable HTTP
// (the bearer token from MCP_BEARER_TOKEN) or stdio: a code review followed to its checked report, and a run stopped
// by its budget then resumed with a raised one. What the client saw goes to stdout as one JSON object for the Java
// tests to check. `call` makes one tool call and prints its result, for trying a server from the shell.
//
//   node longtask-flows.mjs review PATH FOCUS -- URL | COMMAND ARGS...
//   node longtask-flows.mjs raise-budget GOAL WORKDIR -- URL | COMMAND ARGS...
//   node longtask-flows.mjs call TOOL JSON -- URL | COMMAND ARGS...
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";

const [flow, first, second, dashdash, command, ...args] = process.argv.slice(2);
if (!["review", "raise-budget", "call"].includes(flow) || dashdash !== "--" || !command) {
  console.error("usage: node longtask-flows.mjs (review PATH FOCUS | raise-budget GOAL WORKDIR | call TOOL JSON)"
    + " -- (URL | COMMAND ARGS...)");
  process.exit(2);
}
const text = (result) => result.content.filter((c) => c.type === "text").map((c) => c.text).join("\n");
const seen = (result) => ({ text: text(result), isError: result.isError ?? false, structured: result.structuredContent });
const WAIT = { timeout: 150_000, resetTimeoutOnProgress: true, onprogress: () => {} };

const transport = /^https?:\/\//.test(command)
  ? new StreamableHTTPClientTransport(new URL(command),
      { requestInit: { headers: { Authorization: `Bearer ${process.env.MCP_BEARER_TOKEN}` } } })
  : new StdioClientTransport({ command, args, env: process.env, stderr: "inherit" });
const client = new Client({ name: "longtask-flows", version: "1.0.0" });
await client.connect(transport);
const call = (name, args, options) => client.callTool({ name, arguments: args }, undefined, options);
const waitFor = (runId, workdir) => call("longtask_status",
  { run_id: runId, ...(workdir ? { workdir } : {}), wait_seconds: 120 }, WAIT);

const out = {};
if (flow === "review") {
  out.badFocus = seen(await call("longtask_review", { path: first, focus: "speling" }));
  out.review = seen(await call("longtask_review", { path: first, focus: second }));
  if (!out.review.isError) {
    const { run_id: runId, workdir } = out.review.structured;
    out.waited = seen(await waitFor(runId, workdir));
    out.report = seen(await call("longtask_report", { run_id: runId }));
    const resource = await client.readResource({ uri: `longtask://runs/${runId}/report` });
    out.resource = resource.contents[0].text;
  }
} else if (flow === "raise-budget") {
  out.badBudget = seen(await call("longtask_start", { goal: first, workdir: second, budgets: { max_tokens: -5 } }));
  out.start = seen(await call("longtask_start", { goal: first, workdir: second, budgets: { max_tokens: 1500 } }));
  if (!out.start.isError) {
    const runId = out.start.structured.run_id;
    out.paused = seen(await waitFor(runId));
    out.resume = seen(await call("longtask_resume", { run_id: runId, budgets: { max_tokens: 1_000_000 } }));
    out.completed = seen(await waitFor(runId));
    out.report = seen(await call("longtask_report", { run_id: runId }));
  }
} else {
  out.result = seen(await call(first, JSON.parse(second), WAIT));
}
await client.close();
process.stdout.write(JSON.stringify(out) + "\n");
