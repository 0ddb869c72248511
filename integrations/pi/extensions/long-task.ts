// longtask for pi: the `long_task` tool hands a goal, or a code review, to longtask (through its MCP server,
// `longtask mcp`, started once per session), follows the run with progress, ETA, tokens and cost streamed through
// onUpdate, and returns the report. The run goes on in a process of its own, so it outlives pi; its id is kept in the
// session, so a later pi session (or `long_task` with `run_id`) picks it up. Aborting the tool pauses the run: it
// saves, and resumes where it stood. Commands: /task-status and /task-report.
//
// The server is started as `longtask mcp --workdir <pi's cwd>`; LONGTASK_MCP_COMMAND replaces `longtask mcp` (a JSON
// array, or words split on spaces), e.g. to give --model, or the path of the longtask launcher.
import type { ExtensionAPI, ExtensionContext } from "@mariozechner/pi-coding-agent";
import { Type } from "typebox";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const ENTRY = "longtask-run";
const GOING = ["created", "queued", "planning", "running"];
/** How long one status call waits for the run to end before the tool reports and asks again. */
const WAIT_SECONDS = 20;

type Run = { run_id: string; workdir?: string };
type Result = { content?: Array<{ type: string; text?: string }>; structuredContent?: any; isError?: boolean };

const text = (r: Result) => (r.content ?? []).filter((c) => c.type === "text").map((c) => c.text).join("\n");

function serverCommand(cwd: string): { command: string; args: string[] } {
  const given = process.env.LONGTASK_MCP_COMMAND?.trim();
  const words: string[] = !given ? ["longtask", "mcp"] : given.startsWith("[") ? JSON.parse(given) : given.split(/\s+/);
  const args = words.slice(1);
  if (!args.includes("--workdir")) args.push("--workdir", cwd);
  return { command: words[0], args };
}

/** One `longtask mcp` for the session, started on first use. */
class Longtask {
  private client?: Promise<Client>;

  constructor(private readonly cwd: string) {}

  private connect(): Promise<Client> {
    if (!this.client) {
      const { command, args } = serverCommand(this.cwd);
      const transport = new StdioClientTransport({ command, args, env: process.env as Record<string, string>,
        stderr: "ignore" });
      const client = new Client({ name: "pi-longtask", version: "0.1.0" });
      this.client = client.connect(transport).then(() => client);
      this.client.catch(() => { this.client = undefined; });
    }
    return this.client;
  }

  /** Calls a longtask tool; a tool error becomes an exception whose message is longtask's own. */
  async call(name: string, args: Record<string, unknown>, options?: any): Promise<Result> {
    const client = await this.connect();
    const result = (await client.callTool({ name, arguments: args }, undefined, options)) as Result;
    if (result.isError) throw new Error(text(result));
    return result;
  }

  async close() {
    const client = this.client;
    this.client = undefined;
    if (client) await (await client).close().catch(() => {});
  }
}

export default function (pi: ExtensionAPI) {
  let longtask: Longtask | undefined;
  let last: Run | undefined;
  const server = (ctx: ExtensionContext) => (longtask ??= new Longtask(ctx.cwd));
  const where = (run: Run) => (run.workdir ? { run_id: run.run_id, workdir: run.workdir } : { run_id: run.run_id });
  const remember = (run: Run) => {
    last = run;
    pi.appendEntry(ENTRY, run);
  };
  const show = (content: string) => pi.sendMessage({ customType: "longtask", content, display: true });

  pi.on("session_start", async (_event, ctx) => {
    for (const entry of ctx.sessionManager.getEntries() as any[]) {
      if (entry.type === "custom" && entry.customType === ENTRY && entry.data?.run_id) last = entry.data;
    }
  });
  pi.on("session_shutdown", async () => {
    await longtask?.close();
    longtask = undefined;
  });

  pi.registerTool({
    name: "long_task",
    label: "Long task",
    description: "Hand work that would outgrow your context to longtask: it plans the goal into a graph of tasks,"
      + " works them with subagents in parallel, checkpoints every step, and writes a report, which this tool"
      + " returns. Give a goal; or a target (a repository path) to review its code, with focus areas; or the run_id"
      + " of an earlier run to follow it, or to resume it if it stopped. The run goes on in a process of its own: it"
      + " outlives this session, and an abort pauses it (resumable with its run_id).",
    promptSnippet: "Hand a long, many-step goal or a whole-repository code review to longtask",
    promptGuidelines: ["Use long_task for work that needs many steps over many files (large analyses, many-file"
      + " changes, research, a code review of a repository); give it the whole goal with its constraints."],
    parameters: Type.Object({
      goal: Type.Optional(Type.String({ description: "What the run must achieve, with constraints and where to write results" })),
      target: Type.Optional(Type.String({ description: "A repository to review (a path); starts a code review" })),
      focus: Type.Optional(Type.String({ description: "Review focus areas, comma-separated: bug, security, performance, style, ..." })),
      run_id: Type.Optional(Type.String({ description: "An earlier run to follow, or to resume if it stopped" })),
      workdir: Type.Optional(Type.String({ description: "The run's directory (default: the current one)" })),
      max_cost_usd: Type.Optional(Type.Number({ description: "Pause the run when it has cost this much" })),
      max_tokens: Type.Optional(Type.Integer({ description: "Pause the run when it has used this many tokens" })),
      concurrency: Type.Optional(Type.Integer({ description: "Tasks worked at once" })),
    }),

    async execute(_toolCallId, params: any, signal, onUpdate, ctx) {
      const lt = server(ctx);
      const budgets = params.max_cost_usd || params.max_tokens
        ? { ...(params.max_cost_usd ? { max_cost_usd: params.max_cost_usd } : {}),
            ...(params.max_tokens ? { max_tokens: params.max_tokens } : {}) }
        : undefined;
      let run: Run;
      if (params.run_id) {
        run = { run_id: params.run_id, workdir: params.workdir };
        const now = (await lt.call("longtask_status", where(run))).structuredContent;
        if (now.process_gone || ["paused", "interrupted", "failed"].includes(now.status)) {
          await lt.call("longtask_resume", { ...where(run), ...(budgets ? { budgets } : {}) });
        }
      } else if (params.target) {
        const started = await lt.call("longtask_review", { path: params.target,
          ...(params.focus ? { focus: params.focus } : {}) });
        run = { run_id: started.structuredContent.run_id, workdir: started.structuredContent.workdir };
      } else if (params.goal) {
        const started = await lt.call("longtask_start", { goal: params.goal, ...(params.workdir ? { workdir: params.workdir } : {}),
          ...(budgets ? { budgets } : {}), ...(params.concurrency ? { concurrency: params.concurrency } : {}) });
        run = { run_id: started.structuredContent.run_id, workdir: started.structuredContent.workdir };
      } else {
        throw new Error("long_task needs a goal, a target to review, or the run_id of an earlier run");
      }
      remember(run);
      const update = (line: string, status?: any) =>
        onUpdate?.({ content: [{ type: "text", text: line }], details: { ...run, ...(status ?? {}) } });
      update(`longtask run ${run.run_id} in ${run.workdir ?? ctx.cwd}: started`);

      let status: any;
      try {
        do {
          const answer = await lt.call("longtask_status", { ...where(run), wait_seconds: WAIT_SECONDS }, {
            signal, timeout: (WAIT_SECONDS + 60) * 1000, resetTimeoutOnProgress: true,
            onprogress: (p: any) => update(`longtask run ${run.run_id}: ${p.message ?? `${p.progress} of ${p.total} tasks done`}`),
          });
          status = answer.structuredContent;
          const cost = status.cost_usd == null ? "cost unknown" : `$${Number(status.cost_usd).toFixed(4)}`;
          update(`${status.summary} tokens ${status.tokens}, ${cost}`, status);
        } while (GOING.includes(status.status) && !status.process_gone && !signal?.aborted);
      } catch (e) {
        if (!signal?.aborted) throw e;
      }
      if (signal?.aborted) {
        const paused = await lt.call("longtask_pause", where(run)).catch((e) => ({ content: [{ type: "text", text: String(e) }] }));
        return { content: [{ type: "text", text: `${text(paused)}\nResume it with long_task {"run_id": "${run.run_id}"}.` }],
          details: { ...run, status: "paused" } };
      }
      if (status.status === "completed") {
        const report = await lt.call("longtask_report", where(run));
        return { content: [{ type: "text", text: report.structuredContent.report }], details: { ...run, status: "completed" } };
      }
      return { content: [{ type: "text", text: `${status.summary}\nnext: ${status.next}` }], details: { ...run, ...status } };
    },
  });

  const target = (args: string): Run | undefined => (args.trim() ? { run_id: args.trim() } : last);

  pi.registerCommand("task-status", {
    description: "Where the longtask run of this session stands (or the run given)",
    handler: async (args, ctx) => {
      const run = target(args);
      if (!run) return show("No longtask run in this session yet: ask for one with the long_task tool.");
      show(text(await server(ctx).call("longtask_status", where(run))));
    },
  });

  pi.registerCommand("task-report", {
    description: "The report of the longtask run of this session (or the run given)",
    handler: async (args, ctx) => {
      const run = target(args);
      if (!run) return show("No longtask run in this session yet: ask for one with the long_task tool.");
      const report = await server(ctx).call("longtask_report", where(run)).catch((e) => ({ structuredContent: { report: String(e.message ?? e) } }));
      show(report.structuredContent.report);
    },
  });
}
