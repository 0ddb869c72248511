package dev.longtask.engine;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

/** What the synthesizer reads of a result.json: what the agent handed in, none of the bookkeeping or repeats. */
class ResultTextTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void aSubmittedResultKeepsWhatTheReportNeedsAndNothingTwice() throws Exception {
        String text = ResultText.of(JSON.readTree("""
                {"task_id": 3, "subject": "Review store", "agent": "reviewer", "attempt": 1, "ending": "submitted",
                 "success": true, "summary": "Two issues.", "details": "Line one.\\nLine two.",
                 "findings": ["high bug src/a.java:3 - null"], "artifacts": {"review": "out/review.md"},
                 "next_steps": ["check src/b.java"], "outputs": {"review": "out/review.md"},
                 "output": "Two issues.\\n\\nLine one.\\nLine two.\\n\\nFindings:\\n- high bug src/a.java:3 - null",
                 "notes": ["high bug src/a.java:3 - null", "src/b.java was not read"],
                 "usage": {"input_tokens": 7932, "output_tokens": 97}, "steps": 3, "duration_s": 12}"""));

        assertThat(text).isEqualTo("""
                success: true
                summary: Two issues.
                details:
                Line one.
                Line two.
                findings:
                - high bug src/a.java:3 - null
                notes:
                - src/b.java was not read
                artifacts:
                - review: out/review.md
                next steps:
                - check src/b.java""");
    }

    @Test
    void aTaskThatHandedNothingInSaysHowItEnded() throws Exception {
        String text = ResultText.of(JSON.readTree("""
                {"task_id": 4, "ending": "max_steps", "success": false,
                 "reason": "reached max_steps (40) without an accepted submit_result call",
                 "summary": "reached max_steps (40) without an accepted submit_result call", "notes": []}"""));

        assertThat(text).isEqualTo("""
                ended: max_steps
                success: false
                reason: reached max_steps (40) without an accepted submit_result call""");
    }
}
