package dev.longtask.model.run;

/** The notes a run keeps beside its log, which its agents start from: the plan, the findings and the progress. */
public enum RunNote {
    PLAN, FINDINGS, PROGRESS
}
