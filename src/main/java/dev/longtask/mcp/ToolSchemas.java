package dev.longtask.mcp;

/**
 * The JSON schemas of the MCP tools: what each takes, and what its {@code structuredContent} holds. Every result
 * carries a one-line {@code summary} and {@code next} (what to call next), because some clients (Claude Code) give
 * the model only the structured content of a result that has one; the rest is kept small.
 */
final class ToolSchemas {
    private ToolSchemas() {
    }

    static final String BUDGETS = """
            {"type":"object","description":"Limits; reaching one pauses the run (resumable with larger budgets)",\
            "properties":{"max_tokens":{"type":"integer","minimum":1},\
            "max_cost_usd":{"type":"number","exclusiveMinimum":0},\
            "max_time_s":{"type":"integer","minimum":1,"description":"Seconds of work"}}}""";

    static final String START = """
            {"type":"object","properties":{
              "goal":{"type":"string","description":"What the run must achieve, with any constraints and where to write results"},
              "workdir":{"type":"string","description":"The directory to work on (absolute, or relative to the server's); default: the server's"},
              "model":{"type":"string","description":"Model spec such as anthropic:claude-sonnet-4-5 or openai:gpt-4.1; default: the configured model"},
              "budgets":%s,
              "concurrency":{"type":"integer","minimum":1,"maximum":64,"description":"Tasks worked at once"}},
             "required":["goal"]}""".formatted(BUDGETS);

    static final String STATUS = """
            {"type":"object","properties":{
              "run_id":{"type":"string","description":"The run, as longtask_start returned it; omit to list the runs"},
              "workdir":{"type":"string","description":"The run's directory, if the server did not start it; default: the server's"},
              "wait_seconds":{"type":"integer","minimum":0,"maximum":%d,"description":"Wait up to this long for the run to end"}}}"""
            .formatted(LongtaskTools.MAX_WAIT_SECONDS);

    static final String RUN_ONLY = """
            {"type":"object","properties":{
              "run_id":{"type":"string","description":"The run, as longtask_start returned it"},
              "workdir":{"type":"string","description":"The run's directory, if the server did not start it"}},
             "required":["run_id"]}""";

    static final String TASKS = """
            {"type":"object","properties":{
              "run_id":{"type":"string","description":"The run, as longtask_start returned it"},
              "workdir":{"type":"string","description":"The run's directory, if the server did not start it"},
              "task_id":{"type":"integer","minimum":1,"description":"One task in detail: its instruction, agent, outputs and error"}},
             "required":["run_id"]}""";

    static final String RESUME = """
            {"type":"object","properties":{
              "run_id":{"type":"string","description":"The run to continue"},
              "workdir":{"type":"string","description":"The run's directory, if the server did not start it"},
              "budgets":%s},
             "required":["run_id"]}""".formatted(BUDGETS);

    static final String REVIEW = """
            {"type":"object","properties":{
              "path":{"type":"string","description":"The repository to review (absolute, or relative to the server's workdir); it is the run's workdir"},
              "focus":{"type":"string","description":"Comma-separated areas: bug, security, performance, style, maintainability, concurrency, error-handling, testing, documentation (default: bug,security,performance,style)"}},
             "required":["path"]}""";

    /** The two fields of every result. */
    private static final String SAID = """
            "summary":{"type":"string","description":"What the result says, in a sentence"},
            "next":{"type":"string","description":"What to call next"}""";

    static final String STARTED_OUT = """
            {"type":"object","properties":{
              "run_id":{"type":"string"},"workdir":{"type":"string"},"status":{"type":"string"},%s},
             "required":["run_id","summary","next"]}""".formatted(SAID);

    static final String STATUS_OUT = """
            {"type":"object","properties":{
              "run_id":{"type":"string"},"status":{"type":"string"},
              "process_gone":{"type":"boolean","description":"Recorded as at work, but no process carries it: resume it"},
              "tasks":{"type":"integer"},"completed":{"type":"integer"},"failed":{"type":"integer"},
              "running":{"type":"integer"},"pending":{"type":"integer"},"percent":{"type":"number"},
              "elapsed_s":{"type":"integer"},"eta_s":{"type":["integer","null"]},
              "tokens":{"type":"integer"},"cost_usd":{"type":["number","null"]},"workdir":{"type":"string"},
              "runs":{"type":"array","items":{"type":"object","properties":{
                "run_id":{"type":"string"},"status":{"type":"string"},"goal":{"type":"string"}}}},%s},
             "required":["summary","next"]}""".formatted(SAID);

    static final String TASKS_OUT = """
            {"type":"object","properties":{
              "run_id":{"type":"string"},
              "tasks":{"type":"array","items":{"type":"object","properties":{
                "id":{"type":"integer"},"subject":{"type":"string"},"status":{"type":"string"},
                "attempt":{"type":"integer"}},"required":["id","subject","status","attempt"]}},
              "task":{"type":"object","description":"The task asked for with task_id, in detail"},%s},
             "required":["run_id","summary","next"]}""".formatted(SAID);

    static final String REPORT_OUT = """
            {"type":"object","properties":{
              "run_id":{"type":"string"},"report":{"type":"string","description":"The report, in Markdown"},%s},
             "required":["run_id","report","summary","next"]}""".formatted(SAID);

    static final String ACTION_OUT = """
            {"type":"object","properties":{
              "run_id":{"type":"string"},"status":{"type":"string"},%s},
             "required":["run_id","summary","next"]}""".formatted(SAID);
}
