package dev.longtask.api;

import dev.longtask.model.config.ConfigException;

/**
 * A run would start in a workspace whose own files loosen confinement or start programs, and nobody trusted them:
 * nothing was started. The message names the files and {@code longtask trust DIR}; {@link #review()} says what
 * exactly loosens, for a caller that asks the person.
 */
public final class UntrustedWorkspaceException extends ConfigException {
    private final transient WorkspaceTrust.Review review;

    UntrustedWorkspaceException(WorkspaceTrust.Review review) {
        super(WorkspaceTrust.refusal(review));
        this.review = review;
    }

    public WorkspaceTrust.Review review() {
        return review;
    }
}
