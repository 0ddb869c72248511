package dev.longtask.review.map;

import java.util.Map;
import java.util.Set;

/**
 * How to read one grammar's trees beyond what its tag query captures: which nodes are <em>containers</em>
 * whose name becomes the parent of the definitions inside them (a class, an impl block, a Go type spec), and
 * which are <em>bodies</em> of code, inside which nothing is a definition of the map (a local class, a nested
 * function, a variable of a block). {@code containers} maps a node type to the field that holds its name;
 * {@code namespaces} are nodes whose body holds declarations, not code (a TypeScript namespace's block).
 */
record TagRules(Map<String, String> containers, Set<String> bodies, Set<String> namespaces) {

    TagRules(Map<String, String> containers, Set<String> bodies) {
        this(containers, bodies, Set.of());
    }

    /** Whether a node of type {@code type} under a node of type {@code parentType} is a body of code. */
    boolean isBody(String type, String parentType) {
        return bodies.contains(type) && !namespaces.contains(parentType);
    }

    static TagRules of(String grammar) {
        return switch (grammar) {
            case "java" -> new TagRules(Map.of("class_declaration", "name", "interface_declaration", "name",
                    "enum_declaration", "name", "record_declaration", "name", "annotation_type_declaration", "name"),
                    Set.of("block", "constructor_body", "lambda_expression", "object_creation_expression",
                            "static_initializer", "switch_block", "enum_constant"));
            case "kotlin" -> new TagRules(Map.of("class_declaration", "", "object_declaration", ""),
                    Set.of("function_body", "lambda_literal", "anonymous_function", "anonymous_initializer",
                            "getter", "setter", "object_literal"));
            case "python" -> new TagRules(Map.of("class_definition", "name"), Set.of("function_definition", "lambda"));
            case "javascript", "typescript", "tsx" -> new TagRules(Map.of("class_declaration", "name",
                    "abstract_class_declaration", "name", "interface_declaration", "name", "class", "name"),
                    Set.of("statement_block", "arrow_function", "function_expression", "generator_function"),
                    Set.of("internal_module", "module"));
            case "go" -> new TagRules(Map.of("type_spec", "name"), Set.of("block", "func_literal"));
            case "rust" -> new TagRules(Map.of("impl_item", "type", "trait_item", "name"),
                    Set.of("block", "closure_expression"));
            case "c" -> new TagRules(Map.of(), Set.of("compound_statement", "parameter_list"));
            case "cpp" -> new TagRules(Map.of("class_specifier", "name", "struct_specifier", "name",
                    "union_specifier", "name"),
                    Set.of("compound_statement", "lambda_expression", "parameter_list", "requires_clause"));
            default -> throw new IllegalArgumentException("no tag rules for " + grammar);
        };
    }

    /**
     * The bare name in a container's or receiver's text: {@code Box<T>} → Box, {@code *Server} → Server,
     * {@code a::b::Widget} → Widget, {@code Outer.Inner} → Inner.
     */
    static String bareName(String text) {
        String t = text.strip();
        int cut = t.length();
        for (char stop : new char[] {'<', '[', '(', '{', ' ', '\n', '?'}) {
            int at = t.indexOf(stop);
            if (at > 0 && at < cut) {
                cut = at;
            }
        }
        t = t.substring(0, cut);
        int colons = t.lastIndexOf("::");
        if (colons >= 0) {
            t = t.substring(colons + 2);
        }
        int dot = t.lastIndexOf('.');
        if (dot >= 0) {
            t = t.substring(dot + 1);
        }
        while (!t.isEmpty() && (t.charAt(0) == '*' || t.charAt(0) == '&')) {
            t = t.substring(1);
        }
        return t;
    }
}
