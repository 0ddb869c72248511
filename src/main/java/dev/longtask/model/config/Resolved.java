package dev.longtask.model.config;


/** A setting's value together with where it came from. */
public record Resolved<T>(T value, Source source) {
}
