package dev.longtask.review.map;

import dev.longtask.model.review.Definition;
import dev.longtask.model.review.Language;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.treesitter.TSNode;
import org.treesitter.TSQueryCapture;

/**
 * The captures of one file's query matches, turned into definitions and uses: what {@link SyntaxExtractor} reads
 * from the tree, one query match at a time. One instance per file; not shared between threads.
 */
final class SyntaxTags {
    private static final Set<String> FUNCTION_VALUES = Set.of("arrow_function", "function_expression",
            "function", "generator_function", "class");
    private static final Set<String> DECLARATOR_WRAPPERS = Set.of("pointer_declarator", "reference_declarator",
            "array_declarator", "init_declarator", "attributed_declarator", "parenthesized_declarator");
    /** Words a C declaration misread around an unknown macro can present as a name. */
    private static final Set<String> C_KEYWORDS = Set.of("unsigned", "signed", "int", "char", "long", "short",
            "void", "float", "double", "const", "volatile", "static", "extern", "inline", "struct", "union",
            "enum", "register", "auto", "return", "if", "else", "while", "for", "do", "switch", "case", "sizeof",
            "typedef", "bool", "true", "false", "NULL", "__attribute__", "__declspec", "__asm__", "asm");
    private static final Set<String> DECLARATOR_NAMES = Set.of("identifier", "field_identifier",
            "type_identifier", "destructor_name", "operator_name", "primitive_type");

    private final Grammars.Grammar grammar;
    private final Utf8 text;
    private final Language language;
    private final List<Found> found = new ArrayList<>();
    private final Map<String, int[]> uses = new HashMap<>();
    private final Set<Integer> classified = new HashSet<>();
    private final Set<String> locals = new HashSet<>();
    private final Set<String> bindings = new HashSet<>();
    private final List<int[]> ignored = new ArrayList<>();
    private final List<Ref> refs = new ArrayList<>();
    private long errorBytes;
    private int errorEnd = -1;

    private record Found(Definition definition, int nameByte) {
    }

    private record Ref(UseKind kind, String name, String receiver) {
    }

    SyntaxTags(Grammars.Grammar grammar, Utf8 text, Language language) {
        this.grammar = grammar;
        this.text = text;
        this.language = language;
    }

    /**
     * One capture of a match: its index among the query's capture names, its bytes, and its node when the match
     * is read by walking the tree ({@link #walksFrom}); otherwise the node may be null.
     */
    record Capture(int index, int start, int end, TSNode node) {
        static Capture of(TSQueryCapture capture) {
            TSNode node = capture.getNode();
            return new Capture(capture.getIndex(), node.getStartByte(), node.getEndByte(), node);
        }
    }

    /** Whether a match with this capture is read by walking the tree from its nodes (all its captures' nodes). */
    static boolean walksFrom(String captureName) {
        return captureName.startsWith("definition.") || captureName.equals("local.declarator");
    }

    void add(Capture[] captures) {
        String role = null;
        Capture roleNode = null;
        Capture name = null;
        Capture parent = null;
        Capture receiver = null;
        Capture value = null;
        Capture declarator = null;
        Capture requireCall = null;
        for (Capture capture : captures) {
            String captureName = grammar.captureNames()[capture.index()];
            switch (captureName) {
                case "name" -> name = capture;
                case "parent" -> parent = capture;
                case "receiver" -> receiver = capture;
                case "value" -> value = capture;
                case "declarator" -> declarator = capture;
                case "binding.require" -> requireCall = capture;
                default -> {
                    role = captureName;
                    roleNode = capture;
                }
            }
        }
        if (role == null) {
            return;
        }
        if (role.startsWith("definition.")) {
            define(role.substring("definition.".length()), roleNode.node(), node(name), node(parent), node(value),
                    node(declarator));
        } else if (role.startsWith("reference.")) {
            if (name != null) {
                refer(role.substring("reference.".length()), name, receiver);
            }
        } else {
            switch (role) {
                case "local" -> declareLocal(roleNode.start(), roleNode.end());
                case "local.declarator" -> {
                    TSNode n = declaredName(roleNode.node(), new boolean[1], new String[1]);
                    if (n != null) {
                        declareLocal(n.getStartByte(), n.getEndByte());
                    }
                }
                case "binding" -> {
                    if (requireCall == null || text(requireCall).equals("require")) {
                        bindings.add(text(roleNode));
                    }
                }
                case "binding.path" -> bindings.add(goPackageName(text(roleNode)));
                case "ignore" -> ignored.add(new int[] {text.charOffset(roleNode.start()),
                        text.charOffset(roleNode.end())});
                case "error" -> {
                    int start = roleNode.start();
                    int end = roleNode.end();
                    if (start >= errorEnd) { // nested errors count once, with the outermost
                        errorBytes += end - start;
                        errorEnd = end;
                    }
                }
                default -> {
                }
            }
        }
    }

    private static TSNode node(Capture capture) {
        return capture == null ? null : capture.node();
    }

    private String text(Capture capture) {
        return text.text(capture.start(), capture.end());
    }

    long errorBytes() {
        return errorBytes;
    }

    private void declareLocal(int start, int end) {
        locals.add(text.text(start, end));
        classified.add(text.charOffset(start));
    }

    private void refer(String kind, Capture nameNode, Capture receiver) {
        String name = text(nameNode);
        classified.add(text.charOffset(nameNode.start()));
        UseKind use = switch (kind) {
            case "call" -> UseKind.CALL;
            case "member" -> UseKind.MEMBER_CALL;
            case "scoped" -> {
                String scope = receiver == null ? "" : TagRules.bareName(text(receiver));
                yield !scope.isEmpty() && (Character.isUpperCase(scope.charAt(0)) || scope.equals("Self"))
                        ? UseKind.MEMBER_CALL : UseKind.CALL;
            }
            case "type", "path" -> UseKind.TYPE;
            case "annotation" -> UseKind.ANNOTATION;
            case "macro" -> UseKind.MACRO;
            default -> null;
        };
        if (use != null) {
            refs.add(new Ref(use, name, receiver == null ? null : text(receiver)));
        }
    }

    private void define(String kind, TSNode node, TSNode nameNode, TSNode parentNode, TSNode value,
            TSNode declarator) {
        String parent = parentNode == null ? null : TagRules.bareName(text.text(parentNode));
        switch (kind) {
            case "function", "declaration", "typedef" -> {
                if (declarator != null) {
                    boolean[] function = new boolean[1];
                    String[] scope = new String[1];
                    nameNode = declaredName(declarator, function, scope);
                    if (nameNode == null) {
                        return;
                    }
                    if (scope[0] != null) {
                        parent = TagRules.bareName(scope[0]);
                    }
                    if (kind.equals("function") && !function[0]) {
                        return; // a function definition whose declarator the grammar read as something else
                    }
                    if (kind.equals("declaration")) {
                        if (function[0]) {
                            kind = "prototype";
                        } else if (leadingText(node, declarator).matches("(?s).*\\b(extern|typedef|friend)\\b.*")
                                || !nameNode.getType().equals("identifier")) {
                            return; // an extern variable is declared, not defined, here
                        } else {
                            kind = "variable";
                            nameNode = nameAfterMacroSpecifier(node, declarator, nameNode);
                            if (nameNode == null) {
                                return;
                            }
                        }
                    }
                }
            }
            case "variable" -> {
                if (value != null && text.text(value).matches("(?s)require\\s*\\(.*")) {
                    return; // const x = require('...') (or require('...').x) binds a module
                }
                if (value != null && FUNCTION_VALUES.contains(value.getType())) {
                    kind = value.getType().equals("class") ? "class" : "function";
                } else if (language == Language.PYTHON && nameNode != null
                        && text.text(nameNode).matches("[A-Z][A-Z0-9_]*")) {
                    kind = "constant";
                }
            }
            case "assignment" -> {
                String target = parentNode == null ? "" : text.text(parentNode);
                boolean exported = target.equals("exports") || target.equals("module.exports");
                if (target.endsWith(".prototype")) {
                    parent = TagRules.bareName(target.substring(0, target.length() - ".prototype".length()));
                } else if (exported) {
                    parent = null;
                }
                boolean function = value != null && FUNCTION_VALUES.contains(value.getType());
                if (!function && !exported) {
                    return; // obj.field = value: state, not a definition
                }
                if (!function && nameNode != null && value != null && text.text(value).equals(text.text(nameNode))) {
                    return; // exports.f = f: the export of a definition already listed
                }
                if (parent != null && !parent.matches("[A-Za-z_$][\\w$]*")) {
                    return; // a computed target such as a()[0].m
                }
                kind = !function ? "variable" : parent == null ? "function" : "method";
            }
            case "class" -> {
                if (language == Language.KOTLIN && nameNode != null) {
                    String head = text.text(node);
                    head = head.substring(0, Math.max(0, Math.min(head.length(),
                            nameNode.getStartByte() - node.getStartByte())));
                    kind = head.matches("(?s).*\\binterface\\b.*") ? "interface"
                            : head.matches("(?s).*\\benum\\b.*") ? "enum"
                            : head.matches("(?s).*\\bannotation\\b.*") ? "annotation" : "class";
                }
            }
            default -> {
            }
        }
        if (nameNode == null) {
            return;
        }
        String[] container = new String[1];
        if (isLocal(node, container)) {
            return;
        }
        if (parent == null) {
            parent = container[0];
        }
        if (kind.equals("function") && parent != null) {
            kind = "method";
        } else if (kind.equals("method") && parent == null) {
            kind = "function";
        }
        String name = text.text(nameNode);
        boolean cFamily = language == Language.C || language == Language.CPP;
        if (name.isEmpty() || name.equals("_") || (cFamily && C_KEYWORDS.contains(name))) {
            return; // Go's blank identifier declares nothing; a keyword is a misread declaration
        }
        if ((language == Language.RUST || language == Language.CPP) && parent != null
                && (kind.equals("constant") || kind.equals("type") || kind.equals("typedef"))) {
            return; // an associated constant or a member type is a member, like a field
        }
        classified.add(text.charOffset(nameNode.getStartByte()));
        found.add(new Found(new Definition(kind, name, parent, text.line(nameNode.getStartByte())),
                nameNode.getStartByte()));
    }

    /**
     * {@code EXPORT_API my_size count;}: a macro used as a specifier makes the grammar read the macro as the type,
     * the real type as the declarator and the real name as an error after it. The name is the last identifier
     * of that error; without one the declarator stands.
     */
    private TSNode nameAfterMacroSpecifier(TSNode declaration, TSNode declarator, TSNode declared) {
        TSNode name = declared;
        TSNode holder = declarator.getType().equals("init_declarator") ? declarator : declaration;
        for (int k = 0; k < holder.getChildCount(); k++) {
            TSNode child = holder.getChild(k);
            if (child.isMissing() && child.getType().equals(";")) {
                return null; // "EXPORT_API X_inline" cut off as a declaration of its own: two macros, no name
            }
            if (child.getType().equals("ERROR") && child.getStartByte() >= declared.getEndByte()) {
                for (int c = 0; c < child.getChildCount(); c++) {
                    TSNode part = child.getChild(c);
                    if (part.getType().equals("identifier")) {
                        name = part;
                    } else if (!part.getType().equals("type_identifier")) {
                        break; // '=', '[', '(': the name came before
                    }
                }
            }
        }
        return name;
    }

    /** The text of a declaration before its declarator: its specifiers (static, extern, the type). */
    private String leadingText(TSNode declaration, TSNode declarator) {
        int from = declaration.getStartByte();
        int to = Math.max(from, declarator.getStartByte());
        return new String(text.bytes(), from, to - from, StandardCharsets.UTF_8);
    }

    /**
     * Follows a C/C++ declarator to the name it declares: through pointers, references, arrays,
     * initialisers, parentheses and function types; notes in {@code function[0]} whether a function
     * declarator was on the way and in {@code scope[0]} the scope of a qualified name (Class::method).
     */
    private TSNode declaredName(TSNode declarator, boolean[] function, String[] scope) {
        TSNode node = declarator;
        for (int depth = 0; depth < 16 && node != null && !node.isNull(); depth++) {
            String type = node.getType();
            if (DECLARATOR_NAMES.contains(type)) {
                return type.equals("primitive_type") ? null : node;
            }
            if (type.equals("function_declarator")) {
                function[0] = true;
                node = node.getChildByFieldName("declarator");
            } else if (type.equals("qualified_identifier")) {
                TSNode s = node.getChildByFieldName("scope");
                if (s != null && !s.isNull()) {
                    scope[0] = text.text(s);
                }
                node = node.getChildByFieldName("name");
            } else if (type.equals("template_function") || type.equals("template_type")) {
                node = node.getChildByFieldName("name");
            } else if (DECLARATOR_WRAPPERS.contains(type)) {
                TSNode inner = node.getChildByFieldName("declarator");
                node = inner != null && !inner.isNull() ? inner : node.getNamedChild(0);
            } else {
                return null;
            }
        }
        return null;
    }

    /**
     * Whether a definition sits inside a body of code (a function, a block, a lambda): then it is local and
     * not part of the map. On the way up, the nearest container names the parent.
     */
    private boolean isLocal(TSNode node, String[] container) {
        TSNode up = node.getParent();
        while (up != null && !up.isNull()) {
            String type = up.getType();
            if (grammar.rules().bodies().contains(type)) {
                TSNode above = up.getParent();
                if (grammar.rules().isBody(type, above == null || above.isNull() ? "" : above.getType())) {
                    return true;
                }
            }
            String field = grammar.rules().containers().get(type);
            if (field != null && container[0] == null) {
                container[0] = containerName(up, field);
            }
            up = up.getParent();
        }
        return false;
    }

    private String containerName(TSNode container, String field) {
        if (!field.isEmpty()) {
            TSNode n = container.getChildByFieldName(field);
            if (n == null || n.isNull()) {
                return null;
            }
            if (n.getType().equals("generic_type")) {
                TSNode inner = n.getChildByFieldName("type");
                n = inner != null && !inner.isNull() ? inner : n;
            }
            String name = TagRules.bareName(text.text(n));
            return name.isEmpty() ? null : name;
        }
        for (int k = 0; k < container.getNamedChildCount(); k++) {
            TSNode child = container.getNamedChild(k);
            String type = child.getType();
            if (type.equals("type_identifier") || type.equals("simple_identifier") || type.equals("identifier")) {
                return text.text(child);
            }
        }
        return null;
    }

    private static String goPackageName(String quotedPath) {
        String path = quotedPath.replace("\"", "").replace("`", "");
        String[] parts = path.split("/");
        String last = parts[parts.length - 1];
        if (last.matches("v\\d+") && parts.length > 1) {
            last = parts[parts.length - 2];
        }
        int dot = last.indexOf('.');
        if (dot > 0) {
            last = last.substring(0, dot);
        }
        return last.startsWith("go-") ? last.substring(3) : last;
    }

    Extraction extraction(String source) {
        List<Definition> definitions = distinctSites();
        for (Ref ref : refs) {
            UseKind kind = ref.kind();
            if (kind == UseKind.MEMBER_CALL && ref.receiver() != null && bindings.contains(ref.receiver())) {
                kind = UseKind.CALL; // module.function(): a call of the module's function
            }
            if (kind == UseKind.CALL && locals.contains(ref.name())) {
                continue; // a call of a parameter or local (a callback)
            }
            uses.computeIfAbsent(ref.name(), k -> new int[UseKind.COUNT])[kind.ordinal()]++;
        }
        Lexer.Blanked blanked = Lexer.blank(source, Syntax.of(language));
        String plain = blanked.text();
        if (language == Language.RUST) {
            plain = Extractor.withoutRustTestModules(plain);
        }
        String scanned = ignored.isEmpty() ? plain : blank(plain, ignored);
        Map<String, Integer> identifiers = new HashMap<>();
        Map<String, Integer> calls = new HashMap<>();
        countValues(scanned, identifiers, calls);
        return new Extraction(definitions, Imports.find(language, source, plain),
                Imports.packageName(language, plain), identifiers, calls, Extractor.cutLines(plain, definitions),
                uses, null);
    }

    /** Definitions in order; one site matched by two patterns (a Kotlin extension) is kept once. */
    private List<Definition> distinctSites() {
        found.sort(Comparator.comparingInt(Found::nameByte));
        List<Definition> out = new ArrayList<>();
        int lastByte = -1;
        for (Found f : found) {
            if (f.nameByte() == lastByte) {
                Definition previous = out.get(out.size() - 1);
                if (previous.parent() == null && f.definition().parent() != null) {
                    out.set(out.size() - 1, f.definition());
                }
                continue;
            }
            lastByte = f.nameByte();
            out.add(f.definition());
        }
        return out;
    }

    private static String blank(String text, List<int[]> ranges) {
        char[] out = text.toCharArray();
        for (int[] r : ranges) {
            for (int k = r[0]; k < Math.min(r[1], out.length); k++) {
                if (out[k] != '\n') {
                    out[k] = ' ';
                }
            }
        }
        return new String(out);
    }

    /**
     * Counts every identifier (for {@code identifiers}) and those followed by '(' (for {@code calls}), and
     * records as a {@link UseKind#VALUE} each one the tree did not classify: not a definition, reference or
     * local site, not a name the file declares for itself, and not a lower-case member after '.' or '->'
     * (a field of some object; {@code pkg.Name} and {@code Type.CONSTANT} do count).
     */
    private void countValues(String blanked, Map<String, Integer> identifiers, Map<String, Integer> calls) {
        int n = blanked.length();
        int k = 0;
        while (k < n) {
            char c = blanked.charAt(k);
            if (Character.isLetter(c) || c == '_' || c == '$') {
                int start = k;
                while (k < n && (Character.isLetterOrDigit(blanked.charAt(k)) || blanked.charAt(k) == '_'
                        || blanked.charAt(k) == '$')) {
                    k++;
                }
                if (k - start < 2) {
                    continue;
                }
                String name = blanked.substring(start, k);
                identifiers.merge(name, 1, Integer::sum);
                int next = k;
                while (next < n && (blanked.charAt(next) == ' ' || blanked.charAt(next) == '\t')) {
                    next++;
                }
                if (next < n && blanked.charAt(next) == '(') {
                    calls.merge(name, 1, Integer::sum);
                }
                if (classified.contains(start) || locals.contains(name)
                        || (afterMemberAccess(blanked, start) && !Character.isUpperCase(c))) {
                    continue;
                }
                uses.computeIfAbsent(name, x -> new int[UseKind.COUNT])[UseKind.VALUE.ordinal()]++;
            } else if (Character.isDigit(c)) {
                while (k < n && Character.isLetterOrDigit(blanked.charAt(k))) {
                    k++;
                }
            } else {
                k++;
            }
        }
    }

    private static boolean afterMemberAccess(String text, int at) {
        int p = at - 1;
        while (p >= 0 && (text.charAt(p) == ' ' || text.charAt(p) == '\t')) {
            p--;
        }
        return p >= 0 && (text.charAt(p) == '.' || (text.charAt(p) == '>' && p > 0 && text.charAt(p - 1) == '-'));
    }
}
