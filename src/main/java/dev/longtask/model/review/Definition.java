package dev.longtask.model.review;

import com.fasterxml.jackson.annotation.JsonInclude;

/**
 * A definition at the top level of a file or of a type: a class, interface, struct, trait, enum, function,
 * method, ... {@code parent} names the enclosing type (or a method's receiver), null at top level.
 * {@code line} is 1-based.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Definition(String kind, String name, String parent, int line) {

    /** "class Inventory", "method Inventory.add". */
    public String label() {
        return kind + " " + (parent == null ? name : parent + "." + name);
    }
}
