// LangGraph.js on the five graphs of longtask's EngineBench, so the two engines can be measured side by side
// (src/test/scripts/bench-langgraph). Each task is a node that does what a bench task of longtask does: a model call
// (a fixed latency), a durable write of one small file (temp file, fsync, rename, fsync of the directory, as
// longtask's write tool does), a second model call. Prints a Markdown table like EngineBench's, then the same
// figures as name=value lines under the same names, for PairedBench.
//
//   node bench.mjs [--checkpointer memory|sqlite] [--warmup N] [LATENCY_MS...]
//
// memory is LangGraph's MemorySaver; sqlite is its SqliteSaver (WAL, as it sets itself) with synchronous=FULL, so
// every checkpoint is on disk when the step that wrote it ends, the closer match to longtask's durable log.
import { Annotation, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import { SqliteSaver } from '@langchain/langgraph-checkpoint-sqlite';
import { mkdtempSync, promises as fs } from 'node:fs';
import { tmpdir, availableParallelism } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import { boundWaves, shapes } from './graphs.mjs';

const CALLS_PER_TASK = 2;

function parseArgs(argv) {
  const options = { checkpointer: 'memory', warmup: 0, latencies: [] };
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--checkpointer') options.checkpointer = argv[++i];
    else if (argv[i] === '--warmup') options.warmup = Number(argv[++i]);
    else options.latencies.push(Number(argv[i]));
  }
  if (!['memory', 'sqlite'].includes(options.checkpointer)) {
    throw new Error(`--checkpointer memory or sqlite, not ${options.checkpointer}`);
  }
  if (options.latencies.length === 0) options.latencies = [40, 400];
  return options;
}

/** longtask's AtomicFiles.write(target, bytes, durable = true). */
async function writeDurably(target, content) {
  const dir = join(target, '..');
  await fs.mkdir(dir, { recursive: true });
  const temp = join(dir, `.${Math.random().toString(36).slice(2)}.tmp`);
  const file = await fs.open(temp, 'w');
  try {
    await file.writeFile(content);
    await file.sync();
  } finally {
    await file.close();
  }
  await fs.rename(temp, target);
  const directory = await fs.open(dir, 'r');
  try {
    await directory.sync();
  } finally {
    await directory.close();
  }
}

function checkpointer(kind, dir) {
  if (kind === 'memory') return new MemorySaver();
  const saver = SqliteSaver.fromConnString(join(dir, 'checkpoints.db'));
  saver.db.pragma('synchronous = FULL');
  return saver;
}

function build(shape, latencyMs, workspace, saver, times) {
  const State = Annotation.Root({
    done: Annotation({ reducer: (a, b) => a.concat(b), default: () => [] }),
  });
  const graph = new StateGraph(State);
  const successors = new Set();
  for (let i = 1; i <= shape.tasks; i++) {
    graph.addNode(`t${i}`, async () => {
      const start = performance.now();
      await sleep(latencyMs);
      await writeDurably(join(workspace, 'out', `Task_${i}.txt`), 'x');
      await sleep(latencyMs);
      times.push({ start, end: performance.now() });
      return { done: [`t${i}`] };
    });
  }
  for (let i = 1; i <= shape.tasks; i++) {
    const deps = shape.deps.get(i) ?? [];
    deps.forEach((d) => successors.add(d));
    if (deps.length === 0) graph.addEdge(START, `t${i}`);
    else if (deps.length === 1) graph.addEdge(`t${deps[0]}`, `t${i}`);
    else graph.addEdge(deps.map((d) => `t${d}`), `t${i}`); // waits for all of them
  }
  for (let i = 1; i <= shape.tasks; i++) if (!successors.has(i)) graph.addEdge(`t${i}`, END);
  return graph.compile({ checkpointer: saver });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const n = sorted.length;
  return n % 2 === 1 ? sorted[(n - 1) / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
};

async function measure(shape, latencyMs, kind) {
  const workspace = mkdtempSync(join(tmpdir(), 'langgraph-bench-'));
  const saver = checkpointer(kind, workspace);
  const times = [];
  const app = build(shape, latencyMs, workspace, saver, times);
  const result = await app.invoke({ done: [] }, {
    configurable: { thread_id: 'bench' }, maxConcurrency: shape.concurrency, recursionLimit: 10_000,
  });
  if (result.done.length !== shape.tasks) throw new Error(`${shape.name}: ${result.done.length} tasks done`);
  if (kind === 'sqlite') saver.db.close();
  await fs.rm(workspace, { recursive: true, force: true });
  // Whole milliseconds, as longtask's log stamps its events.
  const first = Math.floor(Math.min(...times.map((t) => t.start)));
  const last = Math.floor(Math.max(...times.map((t) => t.end)));
  const makespan = last - first;
  const taskWork = latencyMs * CALLS_PER_TASK;
  const waves = boundWaves(shape);
  const walls = times.map((t) => Math.floor(t.end) - Math.floor(t.start)).sort((a, b) => a - b);
  const meanWall = walls.reduce((a, b) => a + b, 0) / walls.length;
  return {
    waves, makespan, bound: waves * taskWork,
    overhead: walls[Math.floor(walls.length / 2)] - taskWork,
    observedRatio: makespan / (waves * meanWall),
  };
}

const options = parseArgs(process.argv.slice(2));
const graphs = shapes();
for (let round = 0; round < options.warmup; round++) {
  for (const shape of graphs) await measure(shape, options.latencies[0], options.checkpointer);
}
console.log('| graph | tasks | concurrency | bound (waves) | model ms/call | makespan | lower bound | makespan / bound '
  + '| engine overhead per task | makespan / bound at observed task time |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
const figures = [];
for (const latency of options.latencies) {
  const perShape = [];
  for (const shape of graphs) {
    const m = await measure(shape, latency, options.checkpointer);
    perShape.push(m);
    console.log(`| ${shape.name} | ${shape.tasks} | ${shape.concurrency} | ${m.waves} | ${latency} | ${m.makespan} ms `
      + `| ${m.bound} ms | ${(m.makespan / m.bound).toFixed(2)} | ${m.overhead.toFixed(1)} ms `
      + `| ${m.observedRatio.toFixed(3)} |`);
    const key = `${shape.name.replace(/[^a-z0-9]+/g, '_').replace(/_+$/, '')}_${latency}`;
    figures.push(`overhead_ms_${key}=${m.overhead.toFixed(2)}`);
    figures.push(`makespan_ms_${key}=${m.makespan.toFixed(0)}`);
    figures.push(`bound_ratio_${key}=${(m.makespan / m.bound).toFixed(3)}`);
    figures.push(`overhead_by_makespan_ms_${key}=${(m.makespan / m.waves - latency * CALLS_PER_TASK).toFixed(2)}`);
    figures.push(`observed_ratio_${key}=${m.observedRatio.toFixed(3)}`);
  }
  figures.unshift(`observed_ratio_median_${latency}=${median(perShape.map((m) => m.observedRatio)).toFixed(3)}`);
  figures.unshift(`overhead_ms_median_${latency}=${median(perShape.map((m) => m.overhead)).toFixed(2)}`);
}
console.log();
console.log(`LangGraph.js, checkpointer ${options.checkpointer}${options.checkpointer === 'sqlite'
  ? ' (synchronous=FULL)' : ''}; ${options.warmup === 0 ? 'a fresh process' : `${options.warmup} warm-up rounds of `
  + 'the 5 graphs before these'}; ${CALLS_PER_TASK} model calls per task around a durable file write; `
  + `${availableParallelism()} cores.`);
figures.forEach((f) => console.log(f));
